import { describe, expect, it } from 'vitest';
import type { OutlineItem } from '@castbook/contracts';
import { sniffImage } from '@castbook/platform';
import {
  chapterCount,
  checkContent,
  checkOutlineOffsets,
  checkProjectLimit,
  checkTitle,
  checkWords,
  countWords,
  defaultCover,
} from './projects.js';

const item = (id: string, type: OutlineItem['type'], end: number, children: OutlineItem[] = []): OutlineItem => ({
  id,
  parentId: null,
  type,
  title: id,
  startOffset: 0,
  endOffset: end,
  children,
});

describe('project rules', () => {
  it('requires and bounds the title, and stores content with LF line ends', () => {
    expect(() => checkTitle('  ')).toThrow('Title is required');
    expect(() => checkTitle('x'.repeat(501))).toThrow('Title must be at most 500 characters');
    expect(checkTitle('  Emma ')).toBe('Emma');
    expect(() => checkContent('\n \n')).toThrow('Content is required');
    expect(checkContent('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });

  it('counts words and applies the plan limits with their messages', () => {
    expect(countWords('  One two\tthree\n\nfour ')).toBe(4);
    const free = { tier: 'free', maxProjects: 1, maxWords: 100_000 };
    expect(() => checkProjectLimit(1, free)).toThrow(
      'Subscription Limit Reached: Your Free tier allows a maximum of 1 projects. Please upgrade to create more.',
    );
    expect(() => checkProjectLimit(0, free)).not.toThrow();
    expect(() => checkWords(100_001, free)).toThrow('at most 100,000 words per project');
    expect(() => checkWords(10 ** 7, { ...free, maxWords: null })).not.toThrow();
  });

  it('finds outline items past the end of the text, nested ones too, and counts chapters', () => {
    const outline = [item('part', 'part', 100, [item('c1', 'chapter', 50), item('c2', 'prologue', 101)])];
    expect(() => checkOutlineOffsets(outline, 100)).toThrow("Outline item 'c2' ends at 101");
    expect(() => checkOutlineOffsets(outline, 101)).not.toThrow();
    expect(chapterCount(outline)).toBe(2);
  });

  it('escapes the title in the generated cover and varies it with the seed', () => {
    const svg = defaultCover('Tom & <Jerry>', 3);
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(svg).not.toContain('<Jerry>');
    expect(defaultCover('T', 1)).not.toBe(defaultCover('T', 2));
  });

  it('recognises images by their first bytes only', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(sniffImage(Buffer.from('ffd8ffe0', 'hex'))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImage(Buffer.from('MZ\x90\0'))).toBeNull();
  });
});
