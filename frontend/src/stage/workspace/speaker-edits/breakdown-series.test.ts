import { describe, expect, it } from 'vitest';
import type { Breakdown } from '@castbook/contracts';
import { breakdownSeries } from './breakdown-series';

const entry = (n: number, perChapter: [number, number, number][]) => ({
  characterId: `c${n}`,
  name: `Voice ${n}`,
  color: '#336699',
  lines: perChapter.reduce((s, [, l]) => s + l, 0),
  words: perChapter.reduce((s, [, , w]) => s + w, 0),
  perChapter: perChapter.map(([chapter, lines, words]) => ({ chapter, lines, words })),
});

describe('breakdownSeries', () => {
  const book: Breakdown = {
    chapters: [1, 2, 3].map((number) => ({ number, title: `Chapter ${number}` })),
    entries: [
      ...Array.from({ length: 10 }, (_, k) =>
        entry(k, [
          [1, 10 - k, 100],
          [3, 1, 7],
        ]),
      ),
      {
        characterId: null,
        name: 'Unattributed',
        color: null,
        lines: 2,
        words: 9,
        perChapter: [{ chapter: 2, lines: 2, words: 9 }],
      },
    ],
  };

  it('draws the eight leading voices, sums the rest, and keeps the unattributed apart', () => {
    const series = breakdownSeries(book, 'lines');
    expect(series.map((s) => s.label)).toEqual([
      ...Array.from({ length: 8 }, (_, k) => `Voice ${k}`),
      'Everyone else',
      'Unattributed',
    ]);
    expect(series[0]!.data).toEqual([10, 0, 1]);
    expect(series[8]!.data).toEqual([2 + 1, 0, 2]); // voices 8 and 9
    expect(series[9]!.data).toEqual([0, 2, 0]);
  });

  it('counts words the same way, and every chapter sums to the book figures', () => {
    const series = breakdownSeries(book, 'words');
    const total = series.reduce((s, x) => s + x.data.reduce((a, b) => a + b, 0), 0);
    expect(total).toBe(book.entries.reduce((s, e) => s + e.words, 0));
    expect(series[9]!.data).toEqual([0, 9, 0]);
  });

  it('leaves out an empty unattributed entry', () => {
    const none = {
      ...book,
      entries: [entry(1, [[2, 3, 30]]), { ...book.entries.at(-1)!, lines: 0, words: 0, perChapter: [] }],
    };
    expect(breakdownSeries(none, 'lines').map((s) => s.label)).toEqual(['Voice 1']);
  });
});
