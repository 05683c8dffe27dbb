import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { describe, expect, it } from 'vitest';
import { bookChapters, bookView, castList, pronunciationLine, sidesOf, voiceNotesOf } from './book.js';
import { csvField } from './csv.js';
import { cueText } from './layout.js';
import { scriptBlocks } from './script.js';
import { pdfRuns, xmlText } from './text.js';

const item = (title: string, start: number, end: number, type: OutlineItem['type'] = 'chapter'): OutlineItem => ({
  id: title,
  parentId: null,
  type,
  title,
  startOffset: start,
  endOffset: end,
  children: [],
});

describe('chapters of an export', () => {
  it('runs each chapter to the next, with the text before the first as front matter', () => {
    const text = 'Title page\n\nCHAPTER 1\n\nOne.\n\nCHAPTER 2\n\nTwo.\n';
    const one = text.indexOf('CHAPTER 1');
    const two = text.indexOf('CHAPTER 2');
    expect(bookChapters('Book', text, [item('Chapter 1', one, two), item('Chapter 2', two, text.length)])).toEqual([
      { title: 'Front matter', start: 0, end: one, fromOutline: false },
      { title: 'Chapter 1', start: one, end: two, fromOutline: true },
      { title: 'Chapter 2', start: two, end: text.length, fromOutline: true },
    ]);
  });

  it('reads a book without an outline as one chapter named after it, and a part without chapters as one', () => {
    expect(bookChapters('Book', 'Text.', [])).toEqual([{ title: 'Book', start: 0, end: 5, fromOutline: false }]);
    const part = { ...item('Part One', 0, 5, 'part'), children: [] };
    expect(bookChapters('Book', 'Text.', [part]).map((c) => c.title)).toEqual(['Part One']);
  });
});

const TEXT = 'CHAPTER 1\n\n"Hello," said Ann. "Hi," said Bob. "Well," Ann went on. "Bye."\n';
const at = (s: string) => TEXT.indexOf(s);
const q = (text: string, id: string, speakerId: string | null): Quote => ({
  id,
  text,
  startOffset: at(text),
  endOffset: at(text) + text.length,
  speakerId,
  confidence: 0.8,
  attributionMethod: speakerId ? 'explicit' : 'none',
});
const ann = {
  id: 'ann',
  name: 'Ann',
  color: '#fd30d5',
  voiceNotes: { pronunciation: ' AN ', ipa: 'æn', age: '', accent: 'Dorset' },
} as Character;
const bob = { id: 'bob', name: 'Bob', color: '#006db0' } as Character;
const mute = { id: 'mute', name: 'Mute', color: '#00a711' } as Character;
const book = bookView({
  title: 'Book',
  content: TEXT,
  outline: [item('Chapter 1', 0, TEXT.length)],
  characters: [mute, bob, ann],
  quotes: [q('Well,', 'q3', 'ann'), q('Hello,', 'q1', 'ann'), q('Hi,', 'q2', 'bob'), q('Bye.', 'q4', null)],
});

describe('lines, cues and the cast', () => {
  it('orders the lines, places each in its chapter and counts the cast, silent characters last', () => {
    expect(book.lines.map((l) => [l.quote.id, l.position, l.ofInChapter])).toEqual([
      ['q1', 1, 4],
      ['q2', 2, 4],
      ['q3', 3, 4],
      ['q4', 4, 4],
    ]);
    expect(castList(book).map((e) => [e.character.name, e.lines, e.words])).toEqual([
      ['Ann', 2, 2],
      ['Bob', 1, 1],
      ['Mute', 0, 0],
    ]);
  });

  it('cues a line with the one before it; after its own line it says so; the first has none', () => {
    expect(sidesOf(book, 'ann').map(cueText)).toEqual([
      'Cue: none (first line of dialogue in the chapter)',
      'Cue (Bob): Hi,',
    ]);
    expect(sidesOf(book, 'bob').map(cueText)).toEqual(['Cue (Ann): Hello,']);
    const twice = bookView({
      ...book,
      outline: [item('Chapter 1', 0, TEXT.length)],
      quotes: book.lines.map((l) => ({ ...l.quote, speakerId: 'ann' })),
    });
    expect(sidesOf(twice, 'ann').map(cueText)[1]).toBe('Cue: goes on from the line above');
  });

  it('prints only the voice notes filled in, the pronunciation with its IPA between slashes', () => {
    const notes = voiceNotesOf(ann);
    expect(pronunciationLine(notes)).toBe('AN, /æn/');
    expect(notes.notes).toEqual([{ label: 'Accent', value: 'Dorset' }]);
    expect(pronunciationLine(voiceNotesOf(bob))).toBeUndefined();
  });

  it('cuts the script into narration and quote runs, the heading paragraph as a heading', () => {
    const blocks = [...scriptBlocks(book)];
    expect(blocks[0]).toEqual({ kind: 'heading', text: 'CHAPTER 1' });
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      runs: [
        { text: '"' },
        { text: 'Hello,', speaker: ann },
        { text: '" said Ann. "' },
        { text: 'Hi,', speaker: bob },
        { text: '" said Bob. "' },
        { text: 'Well,', speaker: ann },
        { text: '" Ann went on. "' },
        { text: 'Bye.', speaker: null },
        { text: '"' },
      ],
    });
  });
});

describe('text for each format', () => {
  it('quotes CSV fields as RFC 4180 says and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-x, y')).toBe(`"'-x, y"`);
    expect(csvField(0.25)).toBe('0.25');
  });

  it('keeps XML to what XML 1.0 can hold', () => {
    expect(xmlText('a\u000bb\u000cc\ud800d\te\nf')).toBe('a b c d\te\nf');
  });

  it('sets in a fallback font only what the standard fonts lack', () => {
    expect(pdfRuns('Café “quoted” — fine')).toEqual([{ text: 'Café “quoted” — fine' }]);
    expect(pdfRuns('/ˈfeɪɡɪn/ Жук 灯')).toEqual([
      { text: '/' },
      { text: 'ˈ', font: 'noto-serif-latin-ext' },
      { text: 'fe' },
      { text: 'ɪɡɪ', font: 'noto-serif-latin-ext' },
      { text: 'n/ ' },
      { text: 'Жук', font: 'noto-serif-cyrillic' },
      { text: ' ?' },
    ]);
  });
});
