// The product's features and workflow as the marketing pages describe them (SPEC §1, §2).
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import FormatColorTextOutlined from '@mui/icons-material/FormatColorTextOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import MicNoneOutlined from '@mui/icons-material/MicNoneOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import type { Feature, Step } from './sections';

export const STEPS: Step[] = [
  { title: 'Upload Script', text: 'Upload a .TXT or .DOCX file, or paste the text of your book or script.' },
  {
    title: 'Automatic Analysis',
    text: 'Castbook detects chapters and parts, finds the characters and attributes every quoted line to its speaker.',
  },
  {
    title: 'Record & Organize',
    text: 'Fix anything by hand, record a voice sample per character and keep projects organised by author.',
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
    text: 'Quoted dialogue is attributed to characters, with the method and confidence of each guess.',
  },
  {
    icon: MicNoneOutlined,
    title: 'Voice samples',
    text: 'Record a sample for each character so their voice is the same in chapter twenty as in chapter one.',
  },
  {
    icon: EditNoteOutlined,
    title: 'Your edits are kept',
    text: 'Characters you create and speakers you set by hand survive every re-analysis.',
  },
];

export const ALL_FEATURES: Feature[] = [
  ...HOME_FEATURES,
  {
    icon: UploadFileOutlined,
    title: 'TXT and DOCX import',
    text: 'Bring the manuscript you already have; Word documents are read on the server.',
  },
  {
    icon: AutoStoriesOutlined,
    title: 'Structure detection',
    text: 'Prologues, epilogues, parts, acts and chapters are recognised and nested into one outline.',
  },
  {
    icon: PaletteOutlined,
    title: 'Editable characters',
    text: 'Rename characters, write summaries, change colours, merge alternative names or add your own.',
  },
  {
    icon: PsychologyOutlined,
    title: 'Character analysis',
    text: 'On Pro, get a character’s personality, arc, relationships and motivation from the text.',
  },
  {
    icon: DarkModeOutlined,
    title: 'Light and dark workspace',
    text: 'Work in the theme that suits the booth; Castbook remembers your choice.',
  },
];

export const WORKFLOW: Step[] = [
  {
    title: 'Create and upload',
    text: 'Start a project under an author and add the text: upload a file or paste it in.',
  },
  {
    title: 'AI analysis',
    text: 'The outline, the cast and the speaker of each quote are worked out chunk by chunk, with live progress.',
  },
  {
    title: 'Character and content management',
    text: 'Review speakers, edit characters and the outline, and record voice samples as you prepare.',
  },
];
