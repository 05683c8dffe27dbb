import { describe, expect, it } from 'vitest';
import { blockIndexAt, blockText, groupBlocks, groupIndexOf, splitBlocks } from './text-blocks';

const texts = (content: string, max?: number) => splitBlocks(content, max).map((b) => content.slice(b.start, b.end));

describe('splitBlocks', () => {
  it('splits on blank lines and keeps the offsets of each paragraph', () => {
    const content = '  CHAPTER I.\n\nIt was a dark night.\nThe rain fell.\n \n\n"Hello," said Anne.\n';
    const blocks = splitBlocks(content);
    expect(blocks.map((b) => content.slice(b.start, b.end))).toEqual([
      'CHAPTER I.',
      'It was a dark night.\nThe rain fell.',
      '"Hello," said Anne.',
    ]);
    expect(blocks[0]).toEqual({ start: 2, end: 12 });
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.start).toBeGreaterThan(blocks[i - 1]!.end);
  });

  it('handles CRLF, empty and blank content', () => {
    expect(texts('one\r\n\r\ntwo')).toEqual(['one', 'two']);
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks(' \n\n \n')).toEqual([]);
  });

  it('cuts long paragraphs at a line end or a space, losing no character', () => {
    const line = 'word '.repeat(10).trim();
    const content = Array.from({ length: 40 }, () => line).join('\n');
    const pieces = texts(content, 300);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(300);
    expect(pieces.join('').replace(/\s/g, '')).toBe(content.replace(/\s/g, ''));
    const noSpaces = 'x'.repeat(1000);
    expect(texts(noSpaces, 300).join('')).toBe(noSpaces);
  });
});

describe('blockIndexAt', () => {
  const content = 'aaa\n\nbbb\n\nccc';
  const blocks = splitBlocks(content);
  it('finds the block holding an offset, or the next one after a gap', () => {
    expect(blockIndexAt(blocks, 0)).toBe(0);
    expect(blockIndexAt(blocks, 2)).toBe(0);
    expect(blockIndexAt(blocks, 3)).toBe(1); // the gap after the first block
    expect(blockIndexAt(blocks, 5)).toBe(1);
    expect(blockIndexAt(blocks, 12)).toBe(2);
    expect(blockIndexAt(blocks, 999)).toBe(2);
    expect(blockIndexAt([], 3)).toBe(-1);
  });
});

describe('blockText', () => {
  it('reflows prose with the same length, and keeps the line ends of verse', () => {
    const prose = 'It was the best of times, it was the worst of times,\nit was the age of wisdom, it was the age';
    const [b] = splitBlocks(prose);
    const shown = blockText(prose, b!);
    expect(shown).not.toContain('\n');
    expect(shown.length).toBe(prose.length);
    const verse = 'Twinkle, twinkle,\nlittle bat!\nHow I wonder\nwhat you’re at!';
    const [v] = splitBlocks(verse);
    expect(blockText(verse, v!)).toBe(verse);
  });
});

describe('groupBlocks', () => {
  const blocks = Array.from({ length: 10 }, (_, i) => ({ start: i * 100, end: i * 100 + 90 }));
  it('groups consecutive blocks up to a size, covering every block once', () => {
    const groups = groupBlocks(blocks, 200, 40);
    expect(groups).toEqual([
      { first: 0, last: 3 },
      { first: 3, last: 6 },
      { first: 6, last: 9 },
      { first: 9, last: 10 },
    ]);
    expect(groupBlocks(blocks, 10_000, 4).map((g) => g.last - g.first)).toEqual([4, 4, 2]);
    expect(groupBlocks([], 200)).toEqual([]);
  });

  it('finds the group of a block', () => {
    const groups = groupBlocks(blocks, 200, 40);
    expect([0, 2, 3, 8, 9].map((i) => groupIndexOf(groups, i))).toEqual([0, 0, 1, 2, 3]);
    expect(groupIndexOf([], 0)).toBe(-1);
  });
});
