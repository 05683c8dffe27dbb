// Splits a text into paragraphs: blank-line separated blocks, or lines when a text has no blank lines.
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
    let a = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
      push(a, i);
      a = i + 1;
    }
    push(a, text.length);
  }
  return out;
}
