import { describe, expect, it } from 'vitest';
import type { ReviewItem, ReviewPage } from '../../../api/review-api';
import {
  actionOfKey,
  appendPage,
  current,
  guessOf,
  move,
  needsMore,
  percentOf,
  pick,
  resolve,
  startQueue,
} from './review-queue';

const item = (id: string, over: Partial<ReviewItem> = {}): ReviewItem => ({
  id,
  text: `“${id}”`,
  startOffset: 0,
  endOffset: 4,
  chapter: 'CHAPTER I.',
  speakerId: 'a',
  speakerName: 'Ann',
  confidence: 0.3,
  attributionMethod: 'turn-taking',
  candidates: [
    { speakerId: 'a', name: 'Ann', probability: 0.6 },
    { speakerId: 'b', name: 'Bob', probability: 0.3 },
  ],
  evidence: [],
  context: { before: '', after: '' },
  ...over,
});
const page = (ids: string[], nextCursor: string | null = null): ReviewPage => ({
  quotes: ids.map((id) => item(id)),
  nextCursor,
  confirmed: 2,
  total: 10,
});

describe('review queue state', () => {
  it('starts on the first quote with the page figures', () => {
    const s = startQueue(page(['q1', 'q2']));
    expect(current(s)?.id).toBe('q1');
    expect([s.confirmed, s.total]).toEqual([2, 10]);
  });

  it('moves within the loaded quotes and forgets the pick', () => {
    let s = pick(startQueue(page(['q1', 'q2'])), 2);
    expect(s.picked).toBe(1);
    s = move(s, 1);
    expect([current(s)?.id, s.picked]).toEqual(['q2', null]);
    expect(move(s, 1)).toBe(s);
    expect(current(move(move(s, -1), -1))?.id).toBe('q1');
  });

  it('picks only candidates that exist', () => {
    const s = startQueue(page(['q1']));
    expect(pick(s, 3)).toBe(s);
    expect(pick(s, 0)).toBe(s);
    expect(pick(s, 1).picked).toBe(0);
  });

  it('guesses the pick, else the speaker, else the best candidate, else nobody', () => {
    expect(guessOf(item('x'), 1)).toBe('b');
    expect(guessOf(item('x'), null)).toBe('a');
    expect(guessOf(item('x', { speakerId: null }), null)).toBe('a');
    expect(guessOf(item('x', { speakerId: null, candidates: [] }), null)).toBeNull();
  });

  it('a confirmed quote leaves the queue and counts; a removed one shrinks the total', () => {
    let s = move(startQueue(page(['q1', 'q2', 'q3'])), 1);
    s = resolve(s, 'q2', 'confirmed');
    expect([current(s)?.id, s.confirmed, s.total, s.items.length]).toEqual(['q3', 3, 10, 2]);
    s = resolve(s, 'q1', 'removed');
    expect([current(s)?.id, s.confirmed, s.total]).toEqual(['q3', 3, 9]);
    s = resolve(s, 'q3', 'confirmed');
    expect([current(s), s.index, s.confirmed]).toEqual([null, 0, 4]);
    expect(resolve(s, 'gone', 'confirmed')).toBe(s);
  });

  it('appends the next page without repeating a quote and asks for more near the end', () => {
    const s = startQueue(page(['q1', 'q2'], 'c1'));
    expect(needsMore(s)).toBe(true);
    const more = appendPage(s, page(['q2', 'q3']));
    expect(more.items.map((i) => i.id)).toEqual(['q1', 'q2', 'q3']);
    expect(needsMore(more)).toBe(false);
  });

  it('maps the review keys and leaves the browser its shortcuts', () => {
    expect(actionOfKey({ key: 'j' })).toEqual({ kind: 'move', direction: 1 });
    expect(actionOfKey({ key: 'K' })).toEqual({ kind: 'move', direction: -1 });
    expect(actionOfKey({ key: 'Enter' })).toEqual({ kind: 'confirm' });
    expect(actionOfKey({ key: 'n' })).toEqual({ kind: 'not-dialog' });
    expect(actionOfKey({ key: '3' })).toEqual({ kind: 'pick', n: 3 });
    expect(actionOfKey({ key: '0' })).toBeNull();
    expect(actionOfKey({ key: 'j', ctrlKey: true })).toBeNull();
    expect(actionOfKey({ key: 'Escape' })).toBeNull();
  });

  it('progress is confirmed of total, full when nothing is left', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(0, 0)).toBe(100);
  });
});
