// The help text of /stage/support (SPEC §2): seven sections, written for what Castbook does today
// (PRODUCT.md: help describes only features that exist). A section about a screen that has not shipped
// names the page it depends on; until that page is ready (nav/pages.ts) the section is marked
// "Coming soon" and says it describes how the feature will work. A feature that is not built at all
// is `planned`: its section says so and describes nothing as if it worked.
export interface HelpBlock {
  heading?: string;
  paragraphs?: string[];
  steps?: string[];
  bullets?: string[];
}

export interface HelpSection {
  id: string;
  title: string;
  summary: string;
  /** The sidebar page this section depends on; while it is not ready the section is "Coming soon". */
  dependsOn?: 'Projects' | 'Authors';
  /** Not built yet, whatever pages are ready: the section says so and stays "Coming soon". */
  planned?: boolean;
  blocks: HelpBlock[];
}

export const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    summary: 'Your account, your plan and finding your way around the stage.',
    blocks: [
      {
        paragraphs: [
          'Castbook prepares books and scripts for recording: it finds the structure of the text, the characters and who speaks each quoted line. The signed-in part of Castbook is called the stage.',
        ],
      },
      {
        heading: 'Create your account',
        steps: [
          'Choose Sign Up Free on any public page.',
          'Enter your name, email and a password of at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.',
          'Pick a plan: Free, or Pro with a 14-day free trial that needs no credit card.',
          'Accept the terms and choose Create account. You land on your dashboard.',
        ],
      },
      {
        heading: 'Find your way around',
        bullets: [
          'The sidebar lists the stage’s pages. Collapse or expand it with the button at the top left or Ctrl+B (⌘B on a Mac); Castbook remembers your choice for 7 days.',
          'The breadcrumbs at the top show where you are; each part is a link.',
          'Search (Ctrl+K or ⌘K) opens a command palette: type a few letters of a page, project or author and press Enter.',
          'The sun and moon button switches the stage between light and dark themes. Public pages are always light.',
          'The bell shows how many notifications you have not read: an analysis that finished or failed, a trial about to end, a payment that did not go through. Choose one to open its project (or your subscription); Mark all read clears the count.',
        ],
      },
    ],
  },
  {
    id: 'project-management',
    title: 'Project Management',
    summary: 'One project per book or script.',
    dependsOn: 'Projects',
    blocks: [
      {
        paragraphs: [
          'A project holds one book or script: its title, its text, the author it belongs to and a thumbnail. The Projects page shows your projects as cards with their author, chapter count and analysis status.',
        ],
      },
      {
        heading: 'Create a project',
        steps: [
          'Choose New Project.',
          'Give it a title and add the text: paste it, or upload a .txt or .docx file.',
          'Pick the author, or create one on the spot with a first and last name.',
          'Optionally add a thumbnail image, then create the project. Castbook detects its structure and starts the analysis right away.',
        ],
      },
      {
        heading: 'Replace the manuscript with a revised one',
        steps: [
          'Open the project, choose Settings, then Replace manuscript.',
          'Upload the revised .txt or .docx file, or paste its text, and choose Compare.',
          'Check how many paragraphs the revision adds, removes and changes, then choose Replace and reanalyze. Your characters stay, and so do the speakers you set on paragraphs the revision left unchanged.',
        ],
      },
      {
        heading: 'Plan limits',
        paragraphs: [
          'The Free plan holds 1 project of up to 100,000 words; Pro has unlimited projects of up to 500,000 words. If a Pro trial ends, nothing is deleted: projects over the Free limit become read-only until you upgrade or delete some.',
        ],
      },
    ],
  },
  {
    id: 'author-management',
    title: 'Author Management',
    summary: 'Keep projects organised by the author who wrote them.',
    dependsOn: 'Authors',
    blocks: [
      {
        paragraphs: [
          'Every project belongs to an author. The Authors page lists each author with an avatar (or their initials) and the number of projects they have.',
        ],
      },
      {
        bullets: [
          'Create an author with New Author: a first name, a last name and an optional avatar image.',
          'Open an author to change their names or avatar, or to remove the avatar.',
          'An author can be deleted once none of your projects belong to them.',
        ],
      },
    ],
  },
  {
    id: 'script-analysis',
    title: 'Script Analysis',
    summary: 'Structure, characters and speaker attribution.',
    dependsOn: 'Projects',
    blocks: [
      {
        paragraphs: [
          'Analysis reads the text in chunks and shows its progress as it goes. It detects the outline (parts, chapters, scenes, prologues and the like), finds the characters and attributes each quoted line to the character who speaks it.',
          'Attribution is automatic and can be wrong; check it before you record. Any speaker you set by hand, and any character you create or edit, is kept when you analyse the project again.',
        ],
      },
      {
        heading: 'The analysis button',
        bullets: [
          'Analyze starts the first analysis; Analyzing… shows while it runs.',
          'Reanalyze runs it again on a finished project, keeping your corrections.',
          'Retry Analysis appears when an analysis failed.',
        ],
      },
    ],
  },
  {
    id: 'character-management',
    title: 'Character Management',
    summary: 'Names, summaries and colours for your cast.',
    dependsOn: 'Projects',
    blocks: [
      {
        paragraphs: [
          'Each character has a colour, and their lines are highlighted in it. The Characters panel of a project lists the cast.',
        ],
      },
      {
        bullets: [
          'Edit a character’s name, summary and colour.',
          'Add a character the analysis missed; characters you added can also be deleted.',
          'Change the speaker of any quoted line when the analysis got it wrong. Speakers you set by hand are kept when you analyse again.',
        ],
      },
      {
        heading: 'Undo and redo',
        paragraphs: [
          'Undo (Ctrl+Z, ⌘Z on a Mac) and Redo (Ctrl+Shift+Z or Ctrl+Y) take back the edits you made since you opened the project: speakers, characters (names, colours, new ones, merges and deletes), chapter titles, the title and the author. The buttons beside Analyze do the same and say which edit they would undo. While you type in a field, the keys undo your typing instead.',
          'Recordings do not come back: undoing a delete brings the character and its lines back without its takes, and after undoing a merge the takes stay with the character it was merged into. A finished analysis or a replaced manuscript starts the history afresh, and a new cover or a replaced manuscript cannot be undone.',
        ],
      },
    ],
  },
  {
    id: 'voice-recording',
    title: 'Voice Recording',
    summary:
      'A reference take for every character, so a voice sounds the same in the last chapter as in the first (Pro).',
    blocks: [
      {
        heading: 'Record a take',
        steps: [
          'Open a project and, in the Characters panel, open Voice on a character’s card.',
          'Press Record. Your browser asks for the microphone the first time; allow it.',
          'Read the line shown above the timer: it is one of the character’s own longest lines from the book. Use the arrows to pick another.',
          'Press Stop, listen to the take (click the waveform to jump), then Save take, or Re-record.',
        ],
      },
      {
        heading: 'Takes, the voice and notes',
        bullets: [
          'A character keeps up to five takes. Mark one as the character’s voice; the first saved take is chosen until you pick another.',
          'Made the take in your own recording software? Upload file accepts WAV, MP3, OGG, WebM and M4A, up to 5 minutes and 10 MB.',
          'Voice notes keep the age, accent, pitch, pace, a one-line direction and how the name is said (with IPA if you like).',
          'Voice line-up (the button in the Characters panel’s header) plays the chosen voices of the main characters one after another, so you can hear that they are distinct.',
        ],
      },
      {
        heading: 'Plans',
        paragraphs: [
          'Recording and uploading takes are part of Pro. On Free, takes you already have still play, and you can choose, delete and describe them.',
          'If the recorder says it could not access the microphone, allow the microphone for this site in your browser’s settings and press Record again.',
        ],
      },
    ],
  },
  {
    id: 'account-management',
    title: 'Account Management',
    summary: 'Signing in, your profile, your password and your plan.',
    blocks: [
      {
        heading: 'Signing in',
        bullets: [
          'Tick Remember me for 30 days to stay signed in on this browser for 30 days. Without it your session ends when you close the browser, and after 24 hours at most.',
          'Forgot password? on the sign-in page emails you a link to choose a new password. The link works once and for one hour.',
          'Log out from the user block at the bottom of the sidebar, or from the avatar menu on public pages.',
        ],
      },
      {
        heading: 'Profile and password',
        bullets: [
          'Settings › User profile changes the name Castbook greets you with (at least 2 characters).',
          'Settings › Change password asks for your current password and a new one that follows the sign-up rules.',
        ],
      },
      {
        heading: 'Your plan',
        paragraphs: [
          'Settings › Subscription shows your plan, its status and its limits, and compares Free with Pro. A Pro trial lasts 14 days; when it ends without payment the account returns to Free and none of your work is deleted.',
        ],
      },
    ],
  },
];
