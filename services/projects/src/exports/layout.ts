// What the .docx and .pdf exports print the same way.
import { UNATTRIBUTED, type Side } from './book.js';

/** The dashed underline's grey of unattributed quotes in the workspace (ContentViewer, light theme). */
export const UNATTRIBUTED_GREY = '#5b6078';

/** A cue is the end of the line before: enough to come in on, not a second copy of the book. */
const CUE_CHARS = 240;

/**
 * 'Cue (Mr. Pellow): …the end of his line'; the character's own line before (printed just above in
 * the sides) is not repeated; the chapter's first line has no cue.
 */
export function cueText(side: Side): string {
  const { cue, line } = side;
  if (!cue) return 'Cue: none (first line of dialogue in the chapter)';
  if (line.speaker && cue.speaker === line.speaker) return 'Cue: goes on from the line above';
  const text = cue.quote.text.replace(/\s+/g, ' ').trim();
  const tail = text.length > CUE_CHARS ? `…${text.slice(text.length - CUE_CHARS).replace(/^\S*\s/, '')}` : text;
  return `Cue (${cue.speaker?.name ?? UNATTRIBUTED}): ${tail}`;
}

/** What sides say when no character has a line to print. */
export const NO_SIDES = 'No character has a line yet: analyse the book or set speakers first.';
