import { describe, expect, it } from 'vitest';
import type { Chunk, OutlineItem } from '@castbook/contracts';
import { detectStructure } from '../structure/index.js';
import { chunk } from './index.js';

const sentence = 'The quick brown fox jumps over the lazy dog again. ';
/** Paragraphs of `sentences` sentences separated by blank lines. */
const paragraphs = (count: number, sentences = 8) =>
  Array.from({ length: count }, () => sentence.repeat(sentences).trimEnd()).join('\n\n');

function expectContiguous(text: string, chunks: Chunk[]) {
  expect(chunks[0]!.startOffset).toBe(0);
  expect(chunks.at(-1)!.endOffset).toBe(text.length);
  for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.startOffset).toBe(chunks[i - 1]!.endOffset);
  expect(chunks.map((c) => c.content).join('')).toBe(text);
  for (const c of chunks) expect(c.content).toBe(text.slice(c.startOffset, c.endOffset));
}

describe('chunk', () => {
  it('covers the text contiguously in chunks of at most the size, 10,000 by default', () => {
    const text = paragraphs(120);
    const chunks = chunk(text, []);
    expectContiguous(text, chunks);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.content.length).toBeLessThanOrEqual(10_000);
    expect(chunks.map((c) => c.id)).toEqual(chunks.map((_, i) => `chunk-${i + 1}`));
  });

  it('ends a chunk after a blank line within 200 characters of the size', () => {
    // Paragraphs of 155 characters: one always ends within the 200-character window.
    const text = paragraphs(100, 3);
    const chunks = chunk(text, [], 2000);
    expectContiguous(text, chunks);
    for (const c of chunks.slice(0, -1)) {
      expect(c.content.endsWith('\n\n')).toBe(true);
      expect(c.content.length).toBeGreaterThan(1800);
    }
  });

  it('falls back to a sentence end within 100 characters when no blank line is near', () => {
    const text = sentence.repeat(200);
    const chunks = chunk(text, [], 1000);
    expectContiguous(text, chunks);
    for (const c of chunks.slice(0, -1)) {
      expect(c.content).toMatch(/again\. $/);
      expect(c.content.length).toBeGreaterThan(900);
    }
  });

  it('falls back to a space within 50 characters, then to a hard cut', () => {
    const words = 'alpha beta gamma delta '.repeat(200);
    const spaced = chunk(words, [], 1000);
    expectContiguous(words, spaced);
    for (const c of spaced.slice(0, -1)) {
      expect(c.content.endsWith(' ')).toBe(true);
      expect(c.content.length).toBeGreaterThan(950);
    }
    const solid = 'x'.repeat(2500);
    expect(chunk(solid, [], 1000).map((c) => c.content.length)).toEqual([1000, 1000, 500]);
  });

  it('never cuts a surrogate pair in a hard cut', () => {
    const text = '😀'.repeat(1000);
    for (const c of chunk(text, [], 1001)) expect(c.content.length % 2).toBe(0);
  });

  it('starts a new chunk at every outline item and takes type, level and title from the deepest item', () => {
    const text = `Title page.\n\nBOOK I\n\nCHAPTER 1\n\n${paragraphs(3)}\n\nCHAPTER 2\n\n${paragraphs(30)}\n\nPART 2\n\nEPILOGUE\n\n${paragraphs(1)}`;
    const outline = detectStructure(text);
    const chunks = chunk(text, outline, 3000);
    expectContiguous(text, chunks);
    const starts = new Set(chunks.map((c) => c.startOffset));
    const flat = (items: OutlineItem[]): OutlineItem[] => items.flatMap((i) => [i, ...flat(i.children)]);
    for (const item of flat(outline)) expect(starts.has(item.startOffset)).toBe(true);
    expect(chunks[0]).toMatchObject({ type: 'other', level: 10, title: '' });
    expect(chunks[1]).toMatchObject({ type: 'book', level: 1, title: 'Book I', content: 'BOOK I\n\n' });
    expect(chunks[2]).toMatchObject({ type: 'chapter', level: 5, title: 'Chapter 1' });
    const chapter2 = chunks.filter((c) => c.title === 'Chapter 2');
    expect(chapter2.length).toBeGreaterThan(1);
    const part = chunks.find((c) => c.title === 'Part 2')!;
    expect(part).toMatchObject({ type: 'part', level: 3 });
    expect(chunks.at(-1)).toMatchObject({ type: 'chapter', level: 5, title: 'Epilogue' });
  });

  it('returns no chunks for an empty text and rejects a bad size', () => {
    expect(chunk('', [])).toEqual([]);
    expect(() => chunk('abc', [], 0)).toThrow(RangeError);
    expect(() => chunk('abc', [], 1.5)).toThrow(RangeError);
  });
});
