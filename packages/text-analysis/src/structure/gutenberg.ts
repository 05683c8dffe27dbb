// Finds the book inside a Project Gutenberg file: the header (up to the START marker) and the
// licence (from the END marker) are not part of the book, so the outline stays out of them.

export interface BodyRange {
  start: number;
  end: number;
}

const START_MARKERS = [/^\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG[^\n]*$/im, /^\*END\*THE SMALL PRINT[^\n]*$/im];
const END_MARKERS = [
  /^\*{3}\s*END OF (?:THE|THIS) PROJECT GUTENBERG[^\n]*$/im,
  /^End of (?:the )?Project Gutenberg'?s?\b[^\n]*$/im,
];

/** Offsets of the book's body: the whole text unless Gutenberg markers are present. */
export function findBody(text: string): BodyRange {
  let start = 0;
  for (const marker of START_MARKERS) {
    const m = marker.exec(text);
    if (m) {
      start = m.index + m[0].length;
      break;
    }
  }
  let end = text.length;
  for (const marker of END_MARKERS) {
    // The END marker is searched after the start so that a header mentioning it changes nothing.
    const m = marker.exec(text.slice(start));
    if (m) end = Math.min(end, start + m.index);
  }
  return { start, end: Math.max(start, end) };
}
