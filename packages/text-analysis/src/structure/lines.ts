// Splits a text into lines with their offsets, so that every later step can point back into the text.

/** Lines longer than this are prose: their text is not kept (it would only cost memory). */
export const MAX_KEPT_LINE = 200;

export interface Line {
  /** Offset of the first character of the line. */
  start: number;
  /** Offset just past the line's content (before "\r\n" or "\n"). */
  end: number;
  /** Offset of the first non-space character (equals `end` for a blank line). */
  contentStart: number;
  /** Length of the line without surrounding white space; 0 for a blank line. */
  length: number;
  /** The trimmed line, or '' when it is blank or longer than MAX_KEPT_LINE. */
  text: string;
}

export function splitLines(text: string, from = 0, to = text.length): Line[] {
  const lines: Line[] = [];
  let start = from;
  while (start < to) {
    let nl = text.indexOf('\n', start);
    if (nl < 0 || nl > to) nl = to;
    const end = nl > start && text[nl - 1] === '\r' ? nl - 1 : nl;
    let contentStart = start;
    while (contentStart < end && /\s/.test(text[contentStart]!)) contentStart++;
    let contentEnd = end;
    while (contentEnd > contentStart && /\s/.test(text[contentEnd - 1]!)) contentEnd--;
    const length = contentEnd - contentStart;
    const kept = length <= MAX_KEPT_LINE ? text.slice(contentStart, contentEnd) : '';
    if (length === 0) contentStart = end;
    lines.push({ start, end, contentStart, length, text: kept });
    start = nl + 1;
  }
  return lines;
}

export const isBlank = (line: Line | undefined): boolean => line === undefined || line.length === 0;
