import { describe, expect, it } from 'vitest';
import type { OutlineItem } from '@castbook/contracts';
import { sniffImage } from '@castbook/platform';
import {
  chapterCount,
  checkContent,
  checkFeature,
  checkOutlineOffsets,
  checkProjectLimit,
  checkStorage,
  checkTitle,
  checkWords,
  decodeCursor,
  defaultCover,
  encodeCursor,
  INVALID_CURSOR,
  isAtOrAfter,
  projectListItem,
  readOnlyReason,
  type ProjectListRecord,
} from './projects.js';
import { planLimitsOf } from './peers.js';

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
    expect(checkTitle('  The Mendle Isles ')).toBe('The Mendle Isles');
    expect(() => checkContent('\n \n')).toThrow('Content is required');
    expect(checkContent('a\r\nb\rc\n')).toBe('a\nb\nc\n');
    // Pasted text loses light markup as an upload does; underscores inside words stay.
    expect(checkContent('"_Never_," said *he*, in snake_case.\r\n')).toBe('"Never," said he, in snake_case.\n');
  });

  it('applies the plan limits with their messages', () => {
    const free = planLimitsOf('free');
    expect(() => checkProjectLimit(1, free)).toThrow(
      'Subscription Limit Reached: Your Free tier allows a maximum of 1 projects. Please upgrade to create more.',
    );
    expect(() => checkProjectLimit(0, free)).not.toThrow();
    expect(() => checkWords(100_001, free)).toThrow(
      'This text has 100,001 words. Your Free plan allows up to 100,000 words per project.',
    );
    expect(() => checkWords(100_000, free)).not.toThrow();
    expect(() => checkWords(10 ** 7, { ...free, maxWords: null })).not.toThrow();
  });

  it('refuses only what adds bytes over the storage limit, and features the plan lacks', () => {
    const free = planLimitsOf('free');
    const max = 100 * 1024 * 1024;
    const refusal = 'Storage limit reached: your Free plan includes 100 MB of storage.';
    expect(() => checkStorage(max - 10, 11, free)).toThrow(refusal);
    expect(() => checkStorage(max - 10, 10, free)).not.toThrow();
    // Over the limit after a downgrade: freeing bytes is still allowed.
    expect(() => checkStorage(max * 2, -5, free)).not.toThrow();
    expect(() => checkStorage(max * 2, 0, free)).not.toThrow();
    expect(() => checkStorage(max, 1, planLimitsOf('pro'))).not.toThrow();
    expect(() => checkFeature(free, 'voice:recording')).toThrow('This feature requires a subscription upgrade.');
    expect(() => checkFeature(planLimitsOf('pro'), 'voice:recording')).not.toThrow();
  });

  it('makes every project past the oldest maxProjects read-only, with the plan in the reason', () => {
    const free = planLimitsOf('free');
    expect(readOnlyReason(0, free)).toBeUndefined();
    expect(readOnlyReason(1, free)).toBe(
      'This project is read-only: your Free plan allows 1 project. Upgrade or delete a project to edit it.',
    );
    expect(readOnlyReason(3, { tier: 'free', maxProjects: 2 })).toContain('allows 2 projects.');
    expect(readOnlyReason(5, planLimitsOf('pro'))).toBeUndefined();
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

describe('the project list', () => {
  const row = (over: Partial<ProjectListRecord> = {}): ProjectListRecord => ({
    id: '0b9d2c4e-8f1a-4c3b-9d2e-1f2a3b4c5d6e',
    authorId: 'a1',
    title: 'The Mendle Isles',
    analysisStatus: 'completed',
    thumbnailKey: null,
    coverSeed: 42,
    wordCount: 1234,
    chapterCount: 3,
    createdAt: '2025-03-04T05:06:07.123456Z',
    updatedAt: '2025-03-05T06:07:08.901Z',
    author: { id: 'a1', firstName: 'Orla', lastName: 'Penhallow' },
    ...over,
  });

  it('answers a summary: times as Date#toISOString writes them, a versioned thumbnail URL', () => {
    expect(projectListItem(row())).toEqual({
      id: '0b9d2c4e-8f1a-4c3b-9d2e-1f2a3b4c5d6e',
      title: 'The Mendle Isles',
      thumbnail: '/api/projects/0b9d2c4e-8f1a-4c3b-9d2e-1f2a3b4c5d6e/thumbnail?v=cover-42',
      authorId: 'a1',
      author: { id: 'a1', firstName: 'Orla', lastName: 'Penhallow' },
      analysisStatus: 'completed',
      createdAt: '2025-03-04T05:06:07.123Z',
      updatedAt: '2025-03-05T06:07:08.901Z',
      chapterCount: 3,
      wordCount: 1234,
      readOnly: false,
    });
    const reason =
      'This project is read-only: your Free plan allows 1 project. Upgrade or delete a project to edit it.';
    expect(projectListItem(row(), reason)).toMatchObject({ readOnly: true, readOnlyReason: reason });
    const pictured = projectListItem(row({ thumbnailKey: 'thumbnails/u/p/1-x', author: null }));
    expect(pictured.thumbnail).toBe(
      `/api/projects/0b9d2c4e-8f1a-4c3b-9d2e-1f2a3b4c5d6e/thumbnail?v=${Date.parse('2025-03-05T06:07:08.901Z')}`,
    );
    expect(pictured.author).toBeNull();
  });

  it('places rows at or after the first read-only position (same microsecond: by id)', () => {
    const at = { createdAt: '2025-03-04T05:06:07.123456Z', id: '0b9d2c4e-8f1a-4c3b-9d2e-1f2a3b4c5d6e' };
    expect(isAtOrAfter(row(), undefined)).toBe(false);
    expect(isAtOrAfter(row(), at)).toBe(true);
    expect(isAtOrAfter(row(), { ...at, id: 'ffffffff-8f1a-4c3b-9d2e-1f2a3b4c5d6e' })).toBe(false);
    expect(isAtOrAfter(row(), { ...at, createdAt: '2025-03-04T05:06:07.123455Z' })).toBe(true);
    expect(isAtOrAfter(row(), { ...at, createdAt: '2025-03-04T05:06:07.123457Z' })).toBe(false);
  });

  it('round-trips a cursor and refuses anything else with 400', () => {
    const position = { createdAt: '2025-03-04T05:06:07.123456Z', id: '0b9d2c4e-8f1a-4c3b-9d2e-1f2a3b4c5d6e' };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      '',
      'a b',
      `${cursor}=`,
      'x'.repeat(201),
      Buffer.from('not json').toString('base64url'),
      b64(null),
      b64('text'),
      b64({ t: position.createdAt }),
      b64({ t: position.createdAt, i: 'p1' }),
      b64({ t: '2025-03-04T05:06:07.123Z', i: position.id }),
      b64({ t: '2025-02-29T05:06:07.123456Z', i: position.id }),
      b64({ t: '2025-03-04T24:00:00.000000Z', i: position.id }),
      b64({ t: '0000-01-01T00:00:00.000000Z', i: position.id }),
    ]) {
      expect(() => decodeCursor(bad), bad).toThrow(INVALID_CURSOR);
    }
    // 2024 had a 29 February.
    expect(decodeCursor(b64({ t: '2024-02-29T05:06:07.123456Z', i: position.id })).createdAt).toBe(
      '2024-02-29T05:06:07.123456Z',
    );
  });
});
