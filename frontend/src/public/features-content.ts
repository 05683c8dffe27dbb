// The eleven features and the workflow of /features (SPEC §2), kept apart so the landing page does
// not download them.
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import TimelapseOutlined from '@mui/icons-material/TimelapseOutlined';
import MicNoneOutlined from '@mui/icons-material/MicNoneOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import type { Feature, Step } from './sections';
import { HOME_FEATURES } from './content';

export const ALL_FEATURES: Feature[] = [
  ...HOME_FEATURES,
  {
    icon: UploadFileOutlined,
    title: 'TXT, DOCX or paste',
    text: 'Bring the manuscript you already have: upload a text or Word file, or paste the text straight in.',
  },
  {
    icon: PaletteOutlined,
    title: 'Editable characters',
    text: 'Rename characters, write their summaries, change their colours, and add anyone the analysis missed.',
  },
  {
    icon: TimelapseOutlined,
    title: 'Live analysis progress',
    text: 'Long books are analysed chunk by chunk, and you see how far it has got while you wait.',
  },
  {
    icon: DarkModeOutlined,
    title: 'Light and dark workspace',
    text: 'Work in the theme that suits the booth, with keyboard shortcuts for search and the sidebar.',
  },
  {
    icon: MicNoneOutlined,
    title: 'Voice samples',
    text: 'Record a reference take for each character, reading their own lines, so a voice sounds the same in chapter twenty as in chapter one. Pro.',
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
    text: 'Review who speaks each line, edit characters and chapter titles, and keep every book filed under its author.',
  },
];
