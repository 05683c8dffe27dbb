// About, Privacy and Terms: short, plain statements of what is true today.
export interface InfoContent {
  title: string;
  paragraphs: string[];
}

export const ABOUT: InfoContent = {
  title: 'About Castbook',
  paragraphs: [
    'Castbook helps narrators, voice actors and authors prepare audiobooks. It reads a book or script, finds its structure and its characters, and attributes quoted dialogue to the character who speaks it.',
    'We build Castbook for the work that happens before recording: knowing who speaks each line, keeping every voice consistent, and finding your place in a long manuscript quickly.',
  ],
};

export const PRIVACY: InfoContent = {
  title: 'Privacy Policy',
  paragraphs: [
    'Castbook stores the account details you give us (your name, email address and a hashed password) and the texts, authors and characters you add, so that the app can show them back to you.',
    'Your books are yours. They are used only to provide the service to you and are never sold or shown to other users.',
    'When you sign in we record the device and browser you used, so each session can be recognised and ended. You can delete your projects and authors at any time.',
  ],
};

export const TERMS: InfoContent = {
  title: 'Terms of Service',
  paragraphs: [
    'By creating an account you agree to use Castbook lawfully and to upload only texts and recordings you have the right to use.',
    'The Free plan is free of charge. Paid plans are billed monthly and can be cancelled at any time; a Pro trial ends after 14 days and returns the account to the Free plan unless you subscribe, without deleting your work.',
    'Analysis is automatic and can be wrong: check speaker attribution before you record. We work to keep Castbook available and your data safe, but we cannot promise uninterrupted service.',
  ],
};
