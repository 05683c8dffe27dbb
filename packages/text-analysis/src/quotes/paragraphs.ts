// Splits a text into paragraphs: blank-line separated blocks, or, when a text has no blank lines,
// its lines — joined again where they are the visual lines of hard-wrapped paragraphs (reflow).
// Paragraphs are spans of the text as stored: nothing is rewritten, so every offset stays valid.
import { paragraphBreaks, wrapLayout } from '../text/reflow.js';

export interface Paragraph {
  start: number;
  end: number;
}

const BLANK_LINE = /\n[ \t\r]*\n/g;

export function splitParagraphs(text: string): Paragraph[] {
  const out: Paragraph[] = [];
  const push = (a: number, b: number) => {
    while (a < b && /\s/.test(text[a]!)) a++;
    while (b > a && /\s/.test(text[b - 1]!)) b--;
    if (b > a) out.push({ start: a, end: b });
  };
  let last = 0;
  BLANK_LINE.lastIndex = 0;
  let blank = 0;
  for (let m = BLANK_LINE.exec(text); m; m = BLANK_LINE.exec(text)) {
    push(last, m.index);
    last = m.index + m[0].length;
    blank++;
  }
  push(last, text.length);
  // Texts without blank lines mark a paragraph by a line break (often with an indent).
  const lines = text.length / 80;
  if (blank < lines / 40 && lines > 40) {
    out.length = 0;
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    const lineAt = (k: number) => text.slice(starts[k], k + 1 < starts.length ? starts[k + 1]! - 1 : text.length);
    const all = starts.map((_, k) => lineAt(k));
    const layout = wrapLayout(all);
    // Hard-wrapped paragraphs: a paragraph runs over lines until reflow says it ends.
    const breaks = layout ? paragraphBreaks(all, layout) : null;
    let a = 0;
    for (let k = 0; k < starts.length; k++) {
      const lineEnd = k + 1 < starts.length ? starts[k + 1]! - 1 : text.length;
      if (breaks && !breaks[k]) continue;
      push(a, lineEnd);
      a = lineEnd + 1;
    }
  }
  return out;
}
