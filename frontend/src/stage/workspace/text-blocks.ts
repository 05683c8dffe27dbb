// The content viewer renders the book as paragraph blocks: runs of text between blank lines, each
// with its offsets into the content, so a virtualised list renders only the blocks on screen and any
// offset (an outline item, a quote) maps to a block by binary search.

export interface TextBlock {
  /** Offset of the block's first character in the content. */
  start: number;
  /** Offset just after its last non-blank character. */
  end: number;
}

/** Blocks longer than this are cut at a line end (or a space) so no list item is huge. */
export const MAX_BLOCK_CHARS = 4000;

const isBlank = (c: number) => c === 32 || c === 9 || c === 13 || c === 10 || c === 12 || c === 11;

/**
 * Splits the content into paragraph blocks. Blocks never include the blank lines between them, never
 * start or end with whitespace, follow each other in order and together hold every non-blank
 * character of the content.
 */
export function splitBlocks(content: string, maxChars = MAX_BLOCK_CHARS): TextBlock[] {
  const blocks: TextBlock[] = [];
  const paragraphBreak = /\n[ \t\r\f\v]*\n/g;
  let from = 0;
  const push = (start: number, end: number) => {
    // Trim blanks at both ends.
    while (start < end && isBlank(content.charCodeAt(start))) start++;
    while (end > start && isBlank(content.charCodeAt(end - 1))) end--;
    if (end <= start) return;
    while (end - start > maxChars) {
      const cut = cutPoint(content, start, start + maxChars);
      let next = cut;
      let stop = cut;
      while (stop > start && isBlank(content.charCodeAt(stop - 1))) stop--;
      while (next < end && isBlank(content.charCodeAt(next))) next++;
      blocks.push({ start, end: stop });
      start = next;
    }
    if (end > start) blocks.push({ start, end });
  };
  for (let m = paragraphBreak.exec(content); m; m = paragraphBreak.exec(content)) {
    push(from, m.index);
    from = m.index + m[0].length;
  }
  push(from, content.length);
  return blocks;
}

/** Where to cut a long paragraph before `limit`: the last line end, else the last space, else the limit. */
function cutPoint(content: string, start: number, limit: number): number {
  const floor = start + Math.floor((limit - start) / 2);
  const line = content.lastIndexOf('\n', limit);
  if (line > floor) return line + 1;
  const space = content.lastIndexOf(' ', limit);
  if (space > floor) return space + 1;
  return limit;
}

/**
 * The index of the block holding `offset`, or of the first block after it when the offset falls in
 * a gap between blocks; the last block for offsets past the end. -1 only when there are no blocks.
 */
export function blockIndexAt(blocks: readonly TextBlock[], offset: number): number {
  if (blocks.length === 0) return -1;
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What a block shows: its text with single line ends turned into spaces, so hard-wrapped prose
 * reflows to the window. The length is unchanged, so offsets into the shown text are offsets into
 * the content.
 */
export function blockText(content: string, block: TextBlock): string {
  const text = content.slice(block.start, block.end);
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  // Verse, lists and headings (short lines) keep their line ends.
  if (lines > 1 && text.length / lines < VERSE_LINE_CHARS) return text;
  return text.replace(/\r?\n|\r/g, (m) => ' '.repeat(m.length));
}

/** Blocks whose lines are this short on average are verse or lists: their line ends are kept. */
export const VERSE_LINE_CHARS = 40;

/** A run of consecutive blocks rendered as one row of the virtual list: blocks [first, last). */
export interface BlockGroup {
  first: number;
  last: number;
}

/** Characters per row of the virtual list: a screen or two of text. */
export const GROUP_CHARS = 5000;
export const GROUP_MAX_BLOCKS = 40;

/**
 * Groups blocks into rows of about GROUP_CHARS characters, so even a 3 MB book is a few hundred
 * rows for the virtualiser (whose bookkeeping is linear in rows) while each row stays small.
 */
export function groupBlocks(
  blocks: readonly TextBlock[],
  maxChars = GROUP_CHARS,
  maxBlocks = GROUP_MAX_BLOCKS,
): BlockGroup[] {
  const groups: BlockGroup[] = [];
  let first = 0;
  let chars = 0;
  for (let i = 0; i < blocks.length; i++) {
    chars += blocks[i]!.end - blocks[i]!.start;
    if (chars >= maxChars || i + 1 - first >= maxBlocks) {
      groups.push({ first, last: i + 1 });
      first = i + 1;
      chars = 0;
    }
  }
  if (first < blocks.length) groups.push({ first, last: blocks.length });
  return groups;
}

/** The index of the group holding block `index` (-1 when there are no groups). */
export function groupIndexOf(groups: readonly BlockGroup[], index: number): number {
  if (groups.length === 0) return -1;
  let lo = 0;
  let hi = groups.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (groups[mid]!.last <= index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
