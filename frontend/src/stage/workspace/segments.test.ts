import { describe, expect, it } from 'vitest';
import type { Quote } from '@castbook/contracts';
import { orderQuotes, segmentsFor } from './segments';

const q = (id: string, startOffset: number, endOffset: number, speakerId: string | null = 'a'): Quote => ({
  id,
  text: '',
  startOffset,
  endOffset,
  speakerId,
  confidence: 0.9,
  attributionMethod: 'explicit',
});

const shape = (segs: ReturnType<typeof segmentsFor>) =>
  segs.map((s) => [s.start, s.end, s.quote?.id ?? null, s.selected] as const);

describe('orderQuotes', () => {
  it('sorts by start and drops overlapping and empty quotes', () => {
    const ordered = orderQuotes([q('c', 30, 40), q('a', 0, 10), q('b', 5, 12), q('e', 20, 20), q('d', 10, 15)]);
    expect(ordered.map((x) => x.id)).toEqual(['a', 'd', 'c']);
  });
});

describe('segmentsFor', () => {
  const block = { start: 100, end: 200 };
  it('covers the block with plain runs and quote runs in order', () => {
    const quotes = orderQuotes([q('x', 110, 120), q('y', 150, 160), q('z', 300, 310)]);
    expect(shape(segmentsFor(block, quotes, null))).toEqual([
      [100, 110, null, false],
      [110, 120, 'x', false],
      [120, 150, null, false],
      [150, 160, 'y', false],
      [160, 200, null, false],
    ]);
  });

  it('clips quotes that cross the block edges', () => {
    const quotes = orderQuotes([q('before', 90, 105), q('after', 190, 230)]);
    expect(shape(segmentsFor(block, quotes, null))).toEqual([
      [100, 105, 'before', false],
      [105, 190, null, false],
      [190, 200, 'after', false],
    ]);
  });

  it('splits runs at the selection edges', () => {
    const quotes = orderQuotes([q('x', 110, 130)]);
    expect(shape(segmentsFor(block, quotes, { start: 120, end: 140 }))).toEqual([
      [100, 110, null, false],
      [110, 120, 'x', false],
      [120, 130, 'x', true],
      [130, 140, null, true],
      [140, 200, null, false],
    ]);
    // A selection covering the whole block marks every run.
    expect(segmentsFor(block, [], { start: 0, end: 1000 }).every((s) => s.selected)).toBe(true);
  });
});
