// What one paragraph block shows: runs of plain text, quotes and the selected range, each with its
// offsets, so the viewer paints quotes in their speaker's colour and the selection as a highlight.
import type { Quote } from '@castbook/contracts';
import type { TextBlock } from './text-blocks';

export interface Segment {
  start: number;
  end: number;
  /** The quote this run belongs to, if any. */
  quote: Quote | null;
  selected: boolean;
}

export interface Range {
  start: number;
  end: number;
}

/** Quotes in reading order with overlapping ones dropped (the earlier quote wins). */
export function orderQuotes(quotes: readonly Quote[]): Quote[] {
  const sorted = quotes
    .filter((q) => q.endOffset > q.startOffset)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const out: Quote[] = [];
  let reach = -1;
  for (const q of sorted) {
    if (q.startOffset < reach) continue;
    out.push(q);
    reach = q.endOffset;
  }
  return out;
}

/** Index of the first quote (in `ordered`) ending after `offset`. */
export function firstQuoteEndingAfter(ordered: readonly Quote[], offset: number): number {
  let lo = 0;
  let hi = ordered.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ordered[mid]!.endOffset <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The runs of one block: quotes clipped to the block, and every run split where the selection
 * starts and ends. Runs cover the block exactly, in order, without gaps.
 */
export function segmentsFor(block: TextBlock, ordered: readonly Quote[], selection: Range | null): Segment[] {
  const cuts: { start: number; end: number; quote: Quote | null }[] = [];
  let at = block.start;
  for (let i = firstQuoteEndingAfter(ordered, block.start); i < ordered.length; i++) {
    const q = ordered[i]!;
    if (q.startOffset >= block.end) break;
    const start = Math.max(q.startOffset, block.start);
    const end = Math.min(q.endOffset, block.end);
    if (start > at) cuts.push({ start: at, end: start, quote: null });
    cuts.push({ start, end, quote: q });
    at = end;
  }
  if (at < block.end) cuts.push({ start: at, end: block.end, quote: null });

  const segments: Segment[] = [];
  for (const c of cuts) {
    if (!selection || selection.end <= c.start || selection.start >= c.end || selection.end <= selection.start) {
      segments.push({ ...c, selected: false });
      continue;
    }
    const s = Math.max(selection.start, c.start);
    const e = Math.min(selection.end, c.end);
    if (s > c.start) segments.push({ start: c.start, end: s, quote: c.quote, selected: false });
    segments.push({ start: s, end: e, quote: c.quote, selected: true });
    if (e < c.end) segments.push({ start: e, end: c.end, quote: c.quote, selected: false });
  }
  return segments;
}
