// The built-in character analysis on a passage written for this test: counts, chapters, exchanges,
// tag verbs and adverbs, representative lines and the SPEC fields stated from them.
import { character } from '@castbook/test-kit/entities';
import { describe, expect, it } from 'vitest';
import type { OutlineItem, Quote } from '@castbook/contracts';
import { builtInAnalysis, chapterAt, chaptersOf, mentionOffsets, representativeLines } from './builtin.js';

const CH1 =
  'Chapter One\n\n' +
  'Marta crossed the yard at dusk.\n\n' +
  '"Is the gate locked?" whispered Marta softly.\n\n' +
  '"It is," said Oskar.\n\n' +
  '"Then we wait here until the bells," Marta whispered sharply.\n\n' +
  '"Fine by me," Oskar said.\n\n';
const CH2 =
  'Chapter Two\n\n' +
  'Nobody came to the mill that morning.\n\n' +
  '"Where were you?" Ilse asked.\n\n' +
  'Hours later the rain stopped.\n\n';
const CH3 =
  'Chapter Three\n\n' +
  '"I found the ledger in the loft, under the sacks of grain," murmured Marta quietly.\n\n' +
  '"Show it to me," said Ilse.\n\n';
const TEXT = CH1 + CH2 + CH3;

const chapter = (id: string, title: string, start: number, end: number): OutlineItem => ({
  id,
  parentId: null,
  type: 'chapter',
  title,
  startOffset: start,
  endOffset: end,
  children: [],
});
const OUTLINE: OutlineItem[] = [
  chapter('c1', 'Chapter One', 0, CH1.length),
  chapter('c2', 'Chapter Two', CH1.length, CH1.length + CH2.length),
  chapter('c3', 'Chapter Three', CH1.length + CH2.length, TEXT.length),
];

const person = (id: string, name: string, alternativeNames: string[] = []) =>
  character(id, name, { mentions: 0, alternativeNames });
const CHARACTERS = [person('m', 'Marta'), person('o', 'Oskar'), person('i', 'Ilse')];

/** A quote of the passage: its text between the quotation marks, and who says it. */
function line(text: string, speakerId: string | null): Quote {
  const start = TEXT.indexOf(`"${text}"`);
  if (start < 0) throw new Error(`not in the passage: ${text}`);
  return {
    id: `q${start}`,
    text,
    startOffset: start,
    endOffset: start + text.length + 2,
    speakerId,
    confidence: 0.9,
    attributionMethod: 'explicit',
  };
}
const QUOTES = [
  line('Is the gate locked?', 'm'),
  line('It is,', 'o'),
  line('Then we wait here until the bells,', 'm'),
  line('Fine by me,', 'o'),
  line('Where were you?', 'i'),
  line('I found the ledger in the loft, under the sacks of grain,', 'm'),
  line('Show it to me,', 'i'),
];
const INPUT = { text: TEXT, outline: OUTLINE, characters: CHARACTERS, quotes: QUOTES };

describe('the built-in character analysis', () => {
  const marta = builtInAnalysis(INPUT, CHARACTERS[0]!, new Date('2026-01-01T00:00:00Z'));

  it('counts lines, words, mentions and chapters present', () => {
    expect(marta.source).toBe('built-in');
    expect(marta.stats.lines).toBe(3);
    expect(marta.stats.words).toBe(4 + 7 + 12);
    expect(marta.stats.mentions).toBe(4);
    expect(marta.stats.chaptersPresent).toEqual(['Chapter One', 'Chapter Three']);
    expect(marta.stats.chapterCount).toBe(3);
    expect(marta.chaptersRead).toEqual(['Chapter One', 'Chapter Two', 'Chapter Three']);
    // Named in the narration before her first line.
    expect(marta.stats.firstAppearance).toEqual({ offset: TEXT.indexOf('Marta crossed'), chapter: 'Chapter One' });
  });

  it('finds who the character talks with from consecutive lines close together', () => {
    // Marta–Oskar, Oskar–Marta, Marta–Oskar; Marta–Ilse in chapter three. Ilse's "Where were you?"
    // is close to Marta's first line of chapter three, but a chapter apart: not an exchange.
    expect(marta.stats.talksWith).toEqual([
      { characterId: 'o', name: 'Oskar', exchanges: 3 },
      { characterId: 'i', name: 'Ilse', exchanges: 1 },
    ]);
    expect(marta.relationships).toBe('Talks most with Oskar (3 exchanges), Ilse (1 exchange).');
  });

  it('counts the speech verbs and adverbs of the tags around its lines, not of others’ lines', () => {
    expect(marta.stats.speechVerbs).toEqual([
      { word: 'whispered', count: 2 },
      { word: 'murmured', count: 1 },
    ]);
    expect(marta.stats.adverbs).toEqual([
      { word: 'quietly', count: 1 },
      { word: 'sharply', count: 1 },
      { word: 'softly', count: 1 },
    ]);
    expect(marta.personality).toBe(
      'Speech verbs in the tags of their lines: whispered (2), murmured (1). Adverbs in those tags: quietly (1), sharply (1), softly (1).',
    );
    // Three soft verbs of three: a habit the narrator can use.
    expect(marta.narrator.voiceDirection).toEqual({ volume: 'Often soft (3 of 3 speech verbs: whispered, murmured…)' });
  });

  it('states the SPEC fields from the counts', () => {
    expect(marta.summary).toBe(
      `Marta: 3 lines (23 words), 4 mentions; present in 2 chapters of 3; first appears at character ${TEXT.indexOf('Marta crossed')} (Chapter One).`,
    );
    expect(marta.arc).toBe('Present from Chapter One to Chapter Three; speaks most in Chapter One (2 lines).');
    expect(marta.motivation).toMatch(/^Not derived by the built-in analysis/);
    expect(marta.narrator.speechHabits).toEqual(['Average line: 8 words', 'Asks questions in 33% of lines']);
  });

  it('gives its lines with their offsets as representative lines', () => {
    expect(marta.narrator.representativeLines.map((l) => l.text)).toEqual([
      'Is the gate locked?',
      'Then we wait here until the bells,',
      'I found the ledger in the loft, under the sacks of grain,',
    ]);
    for (const l of marta.narrator.representativeLines)
      expect(TEXT.slice(l.startOffset + 1, l.endOffset - 1)).toBe(l.text);
  });

  it('says so for a character with no lines, no chapters and no mentions', () => {
    const ghost = builtInAnalysis({ ...INPUT, outline: [] }, person('g', 'Gregor'));
    expect(ghost.stats).toMatchObject({ lines: 0, words: 0, mentions: 0, firstAppearance: null, talksWith: [] });
    expect(ghost.summary).toBe(
      'Gregor: 0 lines (0 words), 0 mentions; the book has no chapters in its outline; never named in the text.',
    );
    expect(ghost.relationships).toBe('No exchanges with other characters found.');
    expect(ghost.personality).toBe('No speech tags around this character’s lines to count.');
    expect(ghost.narrator).toEqual({ speechHabits: [], representativeLines: [] });
  });
});

describe('helpers', () => {
  it('takes top-level chapters, not their scenes, in text order', () => {
    const scene = { ...chapter('s', 'Scene', 5, 10), type: 'scene' as const, parentId: 'b' };
    const part: OutlineItem = {
      ...chapter('p', 'Part I', 0, 30),
      type: 'part',
      children: [{ ...chapter('b', 'Two', 20, 30) }, { ...chapter('a', 'One', 0, 20), children: [scene] }],
    };
    const chapters = chaptersOf([part]);
    expect(chapters.map((c) => c.title)).toEqual(['One', 'Two']);
    expect(chapterAt(chapters, 19)?.title).toBe('One');
    expect(chapterAt(chapters, 20)?.title).toBe('Two');
    expect(chapterAt(chapters, 30)).toBeUndefined();
  });

  it('names a chapter title several volumes share with its volume', () => {
    const volume = (n: number, start: number): OutlineItem => ({
      ...chapter(`v${n}`, `VOLUME ${n}`, start, start + 20),
      type: 'volume',
      children: [
        chapter(`v${n}c1`, 'Chapter I', start, start + 10),
        chapter(`v${n}c2`, `Chapter II`, start + 10, start + 20),
      ],
    });
    const unique = { ...chapter('e', 'Epilogue', 40, 50), type: 'epilogue' as const };
    expect(chaptersOf([volume(1, 0), volume(2, 20), unique]).map((c) => c.title)).toEqual([
      'VOLUME 1, Chapter I',
      'VOLUME 1, Chapter II',
      'VOLUME 2, Chapter I',
      'VOLUME 2, Chapter II',
      'Epilogue',
    ]);
  });

  it('finds names and alternative names as whole words, the longest first', () => {
    const text = 'Mrs Quayle met Quayles and Mrs Quayle’s girl; Hessie too.';
    expect(mentionOffsets(text, person('b', 'Mrs Quayle', ['Quayle']))).toEqual([0, 27]);
    expect(mentionOffsets(text, person('e', 'Hester', ['Hessie']))).toEqual([text.indexOf('Hessie')]);
  });

  it('picks one line per third of the book, skipping lines under three words when it can', () => {
    const q = (i: number, words: number): Quote => ({
      ...QUOTES[0]!,
      id: `x${i}`,
      text: Array.from({ length: words }, () => 'word').join(' '),
      startOffset: i * 100,
      endOffset: i * 100 + 10,
    });
    const picked = representativeLines([q(0, 5), q(1, 9), q(2, 1), q(3, 4), q(4, 70), q(5, 6), q(6, 3)]);
    expect(picked.map((p) => p.id)).toEqual(['x1', 'x3', 'x5']);
    // Lines that start a sentence first: the lowercase continuation x1 gives way to x0.
    const upper = (i: number, words: number) => ({ ...q(i, words), text: `Well ${q(i, words - 1).text}` });
    const mixed = [upper(0, 5), q(1, 9), upper(2, 4), upper(3, 4), upper(4, 6), upper(5, 3)];
    expect(representativeLines(mixed).map((p) => p.id)).toEqual(['x0', 'x2', 'x4']);
  });
});
