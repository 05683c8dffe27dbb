// Marketing copy and stats of SPEC §1, shared by the landing page, the sign-up panel and the footer.
export const HEADLINE = "Voice Actor's Smart Assistant";
export const TAGLINE =
  'Upload a book or script and Castbook finds its chapters, its characters and who speaks every line, so you get it right the first take.';

export const STATS = [
  { value: '78B+', label: 'lines of dialogue analyzed' },
  { value: '240K+', label: 'books uploaded' },
  { value: '120K+', label: 'characters identified' },
];

export const ACCURACY = { value: '90–95%', label: 'AI accuracy on speaker attribution' };
