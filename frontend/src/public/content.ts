// The landing page's steps, features and audiences (SPEC §1, §2); /features adds features-content.ts.
import FormatColorTextOutlined from '@mui/icons-material/FormatColorTextOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import type { Audience, Feature, Step } from './sections';

export const STEPS: Step[] = [
  { title: 'Upload Script', text: 'Upload a .TXT or .DOCX file, or paste the text of your book or script.' },
  {
    title: 'Automatic Analysis',
    text: 'Castbook detects chapters and parts, finds the characters and attributes every quoted line to its speaker.',
  },
  {
    title: 'Record & Organize',
    text: 'Correct any speaker or character by hand, jump chapter to chapter as you record, and keep every book filed under its author.',
  },
];

export const HOME_FEATURES: Feature[] = [
  {
    icon: FormatColorTextOutlined,
    title: 'Character highlighting',
    text: 'Every character gets a colour, and each line of dialogue is shown in its speaker’s colour.',
  },
  {
    icon: AccountTreeOutlined,
    title: 'Chapter navigation',
    text: 'Jump through the book by its detected outline: parts, chapters, scenes and front matter.',
  },
  {
    icon: PeopleAltOutlined,
    title: 'Author organisation',
    text: 'Group your projects by author and see at a glance how many books each one has.',
  },
  {
    icon: RecordVoiceOverOutlined,
    title: 'Speaker attribution',
    text: 'Every quoted line is attributed to the character who speaks it, from speech tags, pronouns and the turns of a conversation.',
  },
  {
    icon: AutoStoriesOutlined,
    title: 'Structure detection',
    text: 'Prologues, parts, acts, chapters and epilogues are recognised and nested into one outline.',
  },
  {
    icon: EditNoteOutlined,
    title: 'Your edits are kept',
    text: 'Characters you create and speakers you set by hand survive every re-analysis.',
  },
];

// The landing page's three "testimonials" (SPEC §2) are written as the jobs Castbook does for each of its
// audiences, not as quotes from people: Castbook has no customer quotes it could honestly attribute.
export const AUDIENCES: Audience[] = [
  {
    role: 'Narrators',
    quote: 'Know who speaks every line before you open the mic, and switch voices without stopping to check.',
    detail: 'Colour-coded dialogue, chapter by chapter.',
  },
  {
    role: 'Voice actors',
    quote:
      'See at a glance which lines belong to your character, and keep them sounding the same from the first scene to the last.',
    detail: 'One colour per character, the whole book through.',
  },
  {
    role: 'Authors',
    quote: 'Hand your narrator a book whose cast, outline and speakers are already mapped, organised under your name.',
    detail: 'Projects grouped by author.',
  },
];
