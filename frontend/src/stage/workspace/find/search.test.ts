import { describe, expect, it } from 'vitest';
import { foldCase, markRuns, search, searchText, within, type SearchOptions } from './search';

const plain: SearchOptions = { caseSensitive: false, wholeWord: false };
const text = searchText('The workhouse.\nThe\nworkhouse master; WORKHOUSES and the\nWorkhouse again, theworkhouse.');
const all = (query: string, options = plain) => search(text, query, options).starts;

describe('book search', () => {
  it('finds every match, any case, across line ends', () => {
    expect(all('workhouse')).toHaveLength(5);
    expect(all('the workhouse')).toEqual([0, 15, text.text.indexOf('the Workhouse')]);
    expect(all('Workhouse', { caseSensitive: true, wholeWord: false })).toEqual([text.text.indexOf('Workhouse')]);
    expect(all('')).toEqual([]);
    expect(all('nothing here')).toEqual([]);
  });

  it('whole words skip matches inside longer words', () => {
    const words = all('workhouse', { caseSensitive: false, wholeWord: true });
    expect(words).toHaveLength(3);
    expect(words.map((p) => text.text.slice(p - 1, p + 10))).toEqual([' workhouse.', ' workhouse ', ' Workhouse ']);
    // Punctuation in the query decides for itself at its ends.
    expect(all('; workhouses', { caseSensitive: false, wholeWord: true })).toHaveLength(1);
  });

  it('narrowing the last answer gives what a fresh search gives', () => {
    const seq = ['w', 'wo', 'wor', 'work', 'workh', 'workhouse', 'workhouse ', 'workhouse m'];
    for (const options of [
      plain,
      { caseSensitive: true, wholeWord: false },
      { caseSensitive: false, wholeWord: true },
    ]) {
      let last = null;
      for (const q of seq) {
        last = search(text, q, options, last);
        expect(last.starts, `${q} ${JSON.stringify(options)}`).toEqual(search(text, q, options).starts);
      }
    }
    // A query that does not extend the last one is searched afresh.
    const a = search(text, 'workhouse', plain);
    expect(search(text, 'the', plain, a).starts).toEqual(search(text, 'the', plain).starts);
  });

  it('does not count overlapping matches twice', () => {
    const st = searchText('aaaa');
    expect(search(st, 'aa', plain).starts).toEqual([0, 2]);
    // Narrowing from overlapping raw positions still answers like a fresh search.
    expect(search(st, 'aaa', plain, search(st, 'aa', plain)).starts).toEqual([0]);
  });

  it('folds case without moving offsets', () => {
    expect(foldCase('İstanbul ÉTÉ')).toHaveLength('İstanbul ÉTÉ'.length);
    expect(foldCase('ÉTÉ')).toBe('été');
  });
});

describe('markRuns', () => {
  it('cuts a run where matches start and end, marking the current one', () => {
    const marks = { starts: [5, 12, 30], length: 4, current: 12 };
    expect(markRuns(0, 20, marks)).toEqual([
      { start: 0, end: 5, mark: null },
      { start: 5, end: 9, mark: 'other' },
      { start: 9, end: 12, mark: null },
      { start: 12, end: 16, mark: 'current' },
      { start: 16, end: 20, mark: null },
    ]);
    // A match crossing the run's start is clipped to it.
    expect(markRuns(7, 10, marks)).toEqual([
      { start: 7, end: 9, mark: 'other' },
      { start: 9, end: 10, mark: null },
    ]);
    expect(markRuns(0, 3, null)).toEqual([{ start: 0, end: 3, mark: null }]);
  });
});

describe('within', () => {
  it('keeps the matches wholly inside the ranges', () => {
    expect(
      within([0, 5, 12, 18, 40], 3, [
        { start: 4, end: 15 },
        { start: 18, end: 20 },
      ]),
    ).toEqual([5, 12]);
  });
});
