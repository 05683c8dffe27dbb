import { describe, expect, it } from 'vitest';
import type { OutlineItem, Quote } from '@castbook/contracts';
import { chapterAt, chaptersOf, characterLines } from './lines';

const item = (id: string, start: number, end: number, children: OutlineItem[] = []): OutlineItem => ({
  id,
  parentId: null,
  type: children.length ? 'part' : 'chapter',
  title: `Title ${id}`,
  startOffset: start,
  endOffset: end,
  children,
});
const q = (id: string, start: number, speakerId: string | null): Quote => ({
  id,
  text: '',
  startOffset: start,
  endOffset: start + 5,
  speakerId,
  confidence: 0.9,
  attributionMethod: 'explicit',
});

const outline = [item('p1', 10, 200, [item('c2', 100, 200), item('c1', 10, 100)]), item('c3', 300, 400)];

describe('character lines', () => {
  it('takes the outline leaves in reading order as chapters', () => {
    const chapters = chaptersOf(outline);
    expect(chapters.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(chapterAt(chapters, 5)).toBeNull();
    expect(chapterAt(chapters, 100)?.id).toBe('c2');
    expect(chapterAt(chapters, 250)).toBeNull();
    expect(chapterAt(chapters, 399)?.id).toBe('c3');
  });

  it("makes the character's lines the blocks, counted and headed per chapter", () => {
    const quotes = [
      q('a', 0, 'x'),
      q('b', 20, 'x'),
      q('c', 30, 'y'),
      q('d', 40, 'x'),
      q('e', 310, 'x'),
      q('f', 320, null),
    ];
    const lines = characterLines(quotes, 'x', chaptersOf(outline));
    expect(lines.quotes.map((l) => l.id)).toEqual(['a', 'b', 'd', 'e']);
    expect(lines.blocks).toEqual([
      { start: 0, end: 5 },
      { start: 20, end: 25 },
      { start: 40, end: 45 },
      { start: 310, end: 315 },
    ]);
    expect(lines.chapters.map((c) => [c.chapter?.id ?? null, c.count, c.firstOffset])).toEqual([
      [null, 1, 0],
      ['c1', 2, 20],
      ['c3', 1, 310],
    ]);
    expect([...lines.labels]).toEqual([
      [20, 'Title c1'],
      [310, 'Title c3'],
    ]);
    expect(characterLines(quotes, 'nobody', []).blocks).toEqual([]);
  });
});
