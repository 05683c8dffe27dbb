// Where to end a chunk near a target offset (SPEC §9): the last blank line within 200 characters
// before it, else the last sentence end within 100, else the last space within 50, else the target.

export const BLANK_LINE_WINDOW = 200;
export const SENTENCE_WINDOW = 100;
export const SPACE_WINDOW = 50;

const BLANK_LINE = /\n[ \t\r]*\n\s*/g;
// A sentence ends with . ! ? or an ellipsis, maybe inside closing quotes or brackets, then space.
const SENTENCE_END = /[.!?\u2026]["'\u201d\u2019)\]]*\s+/g;
const SPACE = /\s+/g;

/** The end of the last match of `re` that ends within [from, to]; the cut goes after it. */
function lastMatchEnd(text: string, re: RegExp, from: number, to: number): number | null {
  const window = text.slice(from, to);
  let best: number | null = null;
  re.lastIndex = 0;
  for (let m = re.exec(window); m; m = re.exec(window)) {
    const end = from + m.index + m[0].length;
    if (end > from && end <= to) best = end;
    if (m[0].length === 0) re.lastIndex++;
  }
  return best;
}

/**
 * The offset to end a chunk that may not pass `target`, cut no earlier than `min`. Windows are
 * capped at half the chunk size so that a small size still moves forward.
 */
export function findCut(text: string, min: number, target: number, size: number): number {
  const cap = Math.max(1, Math.floor(size / 2));
  for (const [re, window] of [
    [BLANK_LINE, BLANK_LINE_WINDOW],
    [SENTENCE_END, SENTENCE_WINDOW],
    [SPACE, SPACE_WINDOW],
  ] as const) {
    const from = Math.max(min + 1, target - Math.min(window, cap));
    const cut = lastMatchEnd(text, re, from, target);
    if (cut !== null && cut > min) return cut;
  }
  return avoidSplitSurrogate(text, target, min);
}

/** A hard cut must not split a UTF-16 surrogate pair (an emoji, say). */
function avoidSplitSurrogate(text: string, at: number, min: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff && at - 1 > min ? at - 1 : at;
}
