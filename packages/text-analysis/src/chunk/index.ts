// chunk: splits a text into chunks for the analysis jobs (SPEC §9). Chunks cover the whole text
// in order, are at most `size` characters, end at a blank line, sentence end or space where one is
// near, and never run across the start of an outline item.
import type { Chunk, OutlineItem } from '@castbook/contracts';
import { outlineClass } from '@castbook/contracts/outline-levels';
import { findCut } from './boundaries.js';

export const DEFAULT_CHUNK_SIZE = 10_000;

/** SPEC §9: chunk levels by the class of the outline item holding the chunk. */
const LEVELS = { book: 1, part: 3, chapter: 5, other: 10 } as const;

function flatten(items: OutlineItem[], out: OutlineItem[] = []): OutlineItem[] {
  for (const item of items) {
    out.push(item);
    flatten(item.children, out);
  }
  return out;
}

/** The deepest item containing [start, end): items nest, so the last one in document order wins. */
function holder(items: OutlineItem[], start: number, end: number): OutlineItem | null {
  let found: OutlineItem | null = null;
  for (const item of items) if (item.startOffset <= start && end <= item.endOffset) found = item;
  return found;
}

export function chunk(text: string, outline: OutlineItem[], size = DEFAULT_CHUNK_SIZE): Chunk[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const items = flatten(outline).sort((a, b) => a.startOffset - b.startOffset);
  // Every outline item starts a new chunk: all types are of chapter class or above (SPEC §3).
  const hard = [...new Set([0, ...items.map((i) => i.startOffset), text.length])]
    .filter((o) => o >= 0 && o <= text.length)
    .sort((a, b) => a - b);

  const chunks: Chunk[] = [];
  let cursor = 0;
  const push = (start: number, end: number) => {
    const item = holder(items, start, end);
    const type = item ? outlineClass(item.type) : 'other';
    chunks.push({
      id: `chunk-${chunks.length + 1}`,
      content: text.slice(start, end),
      startOffset: start,
      endOffset: end,
      type,
      title: item?.title ?? '',
      level: LEVELS[type],
    });
  };
  for (let h = 1; h < hard.length; h++) {
    const segmentEnd = hard[h]!;
    while (segmentEnd - cursor > size) {
      const cut = findCut(text, cursor, cursor + size, size);
      push(cursor, cut);
      cursor = cut;
    }
    if (segmentEnd > cursor) push(cursor, segmentEnd);
    cursor = segmentEnd;
  }
  return chunks;
}
