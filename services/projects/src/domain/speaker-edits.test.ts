import type { OutlineItem, Quote } from '@castbook/contracts';
import { character } from '@castbook/test-kit/entities';
import { describe, expect, it } from 'vitest';
import { applySpeakerChanges, assignChapterLines, splitLines } from './speaker-edits.js';

const quote = (id: string, start: number, speakerId: string | null, method: Quote['attributionMethod'] = 'explicit') =>
  ({
    id,
    text: `line ${id}`,
    startOffset: start,
    endOffset: start + 5,
    speakerId,
    confidence: 0.7,
    attributionMethod: method,
    candidates: [],
    evidence: [],
  }) as Quote;

const chapter = (id: string, startOffset: number, endOffset: number) =>
  ({ id, title: id, type: 'chapter', level: 50, startOffset, endOffset, children: [] }) as unknown as OutlineItem;

const state = () => ({
  characters: [character('a', 'Mr. Ash'), character('b', 'Mrs. Birch')],
  quotes: [quote('q1', 10, 'a'), quote('q2', 20, 'b'), quote('q3', 120, 'a'), quote('q4', 30, 'a', 'user')],
});

describe('applySpeakerChanges', () => {
  it("sets the listed lines as the user's", () => {
    const out = applySpeakerChanges(state(), [{ quoteId: 'q1', fromSpeakerId: 'a', toSpeakerId: 'b' }], {
      contentVersion: 2,
      current: 2,
    });
    expect(out.quotes[0]).toMatchObject({ speakerId: 'b', attributionMethod: 'user', confidence: 1 });
    expect(out.quotes.slice(1)).toEqual(state().quotes.slice(1));
  });

  it('refuses a stale version, a changed line and a line the user set, whole', () => {
    const run =
      (changes: Parameters<typeof applySpeakerChanges>[1], current = 1) =>
      () =>
        applySpeakerChanges(state(), changes, { contentVersion: 1, current });
    expect(run([{ quoteId: 'q1', fromSpeakerId: 'a', toSpeakerId: 'b' }], 2)).toThrow(/changed meanwhile/);
    expect(run([{ quoteId: 'q1', fromSpeakerId: 'b', toSpeakerId: 'a' }])).toThrow(/changed meanwhile/);
    expect(run([{ quoteId: 'q4', fromSpeakerId: 'a', toSpeakerId: 'b' }])).toThrow(/changed meanwhile/);
    expect(run([{ quoteId: 'gone', fromSpeakerId: 'a', toSpeakerId: 'b' }])).toThrow(/changed meanwhile/);
    expect(run([{ quoteId: 'q1', fromSpeakerId: 'a', toSpeakerId: 'z' }])).toThrow(/not a character/);
    expect(run([])).toThrow(/at least one/);
  });
});

describe('assignChapterLines', () => {
  const outline = [chapter('one', 0, 100), chapter('two', 100, 200)];
  it("moves the character's lines inside the chapter only, the user's own included", () => {
    const { state: out, moved } = assignChapterLines(state(), outline, { fromId: 'a', toId: 'b', chapterId: 'one' });
    expect(moved.map((q) => q.id)).toEqual(['q1', 'q4']);
    expect(out.quotes.map((q) => q.speakerId)).toEqual(['b', 'b', 'a', 'b']);
  });
  it('refuses an unknown chapter, an unknown target and the same character', () => {
    expect(() => assignChapterLines(state(), outline, { fromId: 'a', toId: 'b', chapterId: 'x' })).toThrow(
      /Chapter not found/,
    );
    expect(() => assignChapterLines(state(), outline, { fromId: 'a', toId: 'z', chapterId: 'one' })).toThrow(
      /not a character/,
    );
    expect(() => assignChapterLines(state(), outline, { fromId: 'a', toId: 'a', chapterId: 'one' })).toThrow(/already/);
  });
});

describe('splitLines', () => {
  it("makes a character of the user's with the chosen lines", () => {
    const { state: out, character: made } = splitLines(state(), {
      fromId: 'a',
      quoteIds: ['q3', 'q3'],
      name: ' Young Ash ',
      color: '#123456',
    });
    expect(made).toMatchObject({ name: 'Young Ash', color: '#123456', isUserCreated: true });
    expect(out.characters).toHaveLength(3);
    expect(out.quotes.find((q) => q.id === 'q3')).toMatchObject({ speakerId: made.id, attributionMethod: 'user' });
    expect(out.quotes.filter((q) => q.speakerId === 'a').map((q) => q.id)).toEqual(['q1', 'q4']);
  });
  it("refuses another character's line, no lines and a name the cast goes by", () => {
    const base = { fromId: 'a', name: 'Young Ash', color: '#123456' };
    expect(() => splitLines(state(), { ...base, quoteIds: ['q2'] })).toThrow(/not a line of Mr\. Ash/);
    expect(() => splitLines(state(), { ...base, quoteIds: [] })).toThrow(/at least one/);
    expect(() => splitLines(state(), { ...base, name: 'mrs birch', quoteIds: ['q1'] })).toThrow(/already exists/);
  });
});
