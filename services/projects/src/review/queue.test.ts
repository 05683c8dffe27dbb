import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { describe, expect, it } from 'vitest';
import { INVALID_REVIEW_CURSOR, reviewPage } from './queue.js';

const CONTENT = `CHAPTER I. Dawn\n\n${'Words go by. '.repeat(40)}"One," said Ann. "Two," said Bob. "Three," said Ann. "Four," said Bob. "Five."\n`;
const outline: OutlineItem[] = [
  {
    id: 'o1',
    parentId: null,
    type: 'chapter',
    title: 'Chapter I. Dawn',
    startOffset: 0,
    endOffset: CONTENT.length,
    children: [],
  },
];
const characters = [
  { id: 'ann', name: 'Ann', color: '#fd30d5' },
  { id: 'bob', name: 'Bob', color: '#006db0' },
] as Character[];

function quote(text: string, id: string, speakerId: string | null, confidence: number, method = 'explicit'): Quote {
  const start = CONTENT.indexOf(`"${text}`) + 1;
  return {
    id,
    text,
    startOffset: start,
    endOffset: start + text.length,
    speakerId,
    confidence,
    attributionMethod: method as Quote['attributionMethod'],
    candidates: speakerId
      ? [
          { speakerId, probability: confidence },
          { speakerId: 'bob', probability: 0.1 },
        ]
      : undefined,
    evidence: speakerId ? ['tagName'] : undefined,
  };
}
const quotes = [
  quote('One,', 'q1', 'ann', 0.9),
  quote('Two,', 'q2', 'bob', 0.4),
  quote('Three,', 'q3', 'ann', 1, 'user'),
  quote('Four,', 'q4', 'bob', 0.4),
  quote('Five.', 'q5', null, 0),
];
const project = { title: 'Dawn', outline, characters, quotes };

describe('the review queue', () => {
  it('lists the quotes not confirmed, least confident first (ties in reading order), with what decides them', () => {
    const page = reviewPage(project, CONTENT, { limit: 50 });
    expect(page.quotes.map((q) => q.id)).toEqual(['q5', 'q2', 'q4', 'q1']);
    expect(page).toMatchObject({ confirmed: 1, total: 5, nextCursor: null });
    const two = page.quotes[1]!;
    expect(two).toMatchObject({
      chapter: 'Chapter I. Dawn',
      speakerId: 'bob',
      speakerName: 'Bob',
      candidates: [
        { speakerId: 'bob', name: 'Bob', probability: 0.4 },
        { speakerId: 'bob', name: 'Bob', probability: 0.1 },
      ],
      evidence: ['tagName'],
    });
    expect(two.context.before.endsWith('"One," said Ann. "')).toBe(true);
    expect(two.context.after.startsWith('" said Bob. "Three,"')).toBe(true);
    // The context stops at a word boundary, at most 300 characters out.
    expect(two.context.before.length).toBeLessThanOrEqual(300);
    expect(
      two.context.before.startsWith('go') ||
        two.context.before.startsWith('Words') ||
        two.context.before.startsWith('by.'),
    ).toBe(true);
    expect(page.quotes[0]).toMatchObject({ speakerId: null, speakerName: null, candidates: [], evidence: [] });
  });

  it('pages with a cursor that names the last quote given, so the next page starts right after it', () => {
    const first = reviewPage(project, CONTENT, { limit: 2 });
    expect(first.quotes.map((q) => q.id)).toEqual(['q5', 'q2']);
    const second = reviewPage(project, CONTENT, { limit: 2, cursor: first.nextCursor! });
    expect(second.quotes.map((q) => q.id)).toEqual(['q4', 'q1']);
    expect(second.nextCursor).toBeNull();
    // q2 confirmed meanwhile: the next page still starts after where the first ended, skipping nothing.
    const confirmed = quotes.map((q) =>
      q.id === 'q2' ? { ...q, attributionMethod: 'user' as const, confidence: 1 } : q,
    );
    const after = reviewPage({ ...project, quotes: confirmed }, CONTENT, { limit: 2, cursor: first.nextCursor! });
    expect(after.quotes.map((q) => q.id)).toEqual(['q4', 'q1']);
    expect(after.confirmed).toBe(2);
  });

  it('refuses a cursor it did not make', () => {
    for (const cursor of ['', 'not a cursor', Buffer.from('{"c":2,"s":1,"i":"x"}').toString('base64url'), 'e30']) {
      expect(() => reviewPage(project, CONTENT, { limit: 2, cursor })).toThrow(INVALID_REVIEW_CURSOR);
    }
  });
});
