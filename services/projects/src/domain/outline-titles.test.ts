import type { OutlineItem } from '@castbook/contracts';
import { describe, expect, it } from 'vitest';
import { carryTitles, itemsKept } from './outline-titles.js';
import { textMoves } from './text-moves.js';

const item = (id: string, title: string, startOffset: number, endOffset: number, children: OutlineItem[] = []) => ({
  id,
  parentId: null,
  type: 'chapter' as const,
  title,
  startOffset,
  endOffset,
  children,
});

const BOOK = 'CHAPTER I. The Ferry\n\nThe tide came in.\n\nCHAPTER II. The Inn\n\nThe lamps were lit.\n';
const I = BOOK.indexOf('CHAPTER I.');
const II = BOOK.indexOf('CHAPTER II.');

describe('outline titles', () => {
  it('an item found again (same type, same place) keeps the title the user gave it', () => {
    const stored = [item('a', 'Crossing over', I, II), item('b', 'CHAPTER II. The Inn', II, BOOK.length)];
    const detected = [item('x', 'CHAPTER I. The Ferry', I, II), item('y', 'CHAPTER II. The Inn', II, BOOK.length)];
    expect(carryTitles(stored, detected).map((i) => i.title)).toEqual(['Crossing over', 'CHAPTER II. The Inn']);
    // A part or a different place is another item.
    expect(carryTitles([{ ...stored[0]!, type: 'part' }], detected)[0]!.title).toBe('CHAPTER I. The Ferry');
    expect(carryTitles([{ ...stored[0]!, startOffset: I + 1 }], detected)[0]!.title).toBe('CHAPTER I. The Ferry');
  });

  it('on a revised text, only items whose heading line is unchanged keep their place and title', () => {
    const revised = `PROLOGUE\n\nBefore all this.\n\n${BOOK.replace('CHAPTER II. The Inn', 'CHAPTER II. The Tavern')}`;
    const stored = [item('a', 'Crossing over', I, II), item('b', 'A warm room', II, BOOK.length)];
    const kept = itemsKept(stored, textMoves(BOOK, revised), BOOK, revised);
    expect(kept.map((i) => [i.title, i.startOffset])).toEqual([['Crossing over', revised.indexOf('CHAPTER I.')]]);
    const detected = [
      item('x', 'CHAPTER I. The Ferry', revised.indexOf('CHAPTER I.'), revised.indexOf('CHAPTER II.')),
      item('y', 'CHAPTER II. The Tavern', revised.indexOf('CHAPTER II.'), revised.length),
    ];
    // The chapter the author retitled takes its new words; the other keeps the user's title.
    expect(carryTitles(kept, detected).map((i) => i.title)).toEqual(['Crossing over', 'CHAPTER II. The Tavern']);
  });
});
