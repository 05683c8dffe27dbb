import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from './tokens.js';

// The word pattern the tokenizer scans by hand, as the regex it stands for.
const WORD_RE = /[A-Za-z\u00C0-\u024F]+(?:['\u2019][A-Za-z]+)*(?:-[A-Za-z\u00C0-\u024F]+)*/g;

/** The spans the regex finds, a possessive "'s" after a capitalised word left out as tokenize does. */
function expectedSpans(text: string): [number, number][] {
  return [...text.matchAll(WORD_RE)].map((m) => {
    const start = m.index;
    const end = start + m[0].length;
    const capitalised = /^[A-Z\u00C0-\u00DE]/.test(m[0]);
    return [start, capitalised && /['\u2019]s$/.test(m[0]) ? end - 2 : end];
  });
}

function spans(text: string): [number, number][] {
  const tokens = tokenize(text, []);
  return Array.from({ length: tokens.length }, (_, i) => [tokens.starts[i]!, tokens.ends[i]!]);
}

describe('tokenize', () => {
  it('splits words as the word pattern does: apostrophe parts, then hyphenated parts', () => {
    const text = "Orla's rock-n'roll isn't Tam\u2019s; d'\u00c9t\u00e9 \u00d7 well-to-do- -x O'Neil-Quarrie's 3rd";
    const words = spans(text).map(([a, b]) => text.slice(a, b));
    expect(words).toEqual([
      'Orla',
      'rock-n',
      'roll',
      "isn't",
      'Tam',
      'd',
      '\u00c9t\u00e9',
      '\u00d7',
      'well-to-do',
      'x',
      "O'Neil-Quarrie",
      's',
      'rd',
    ]);
    expect(spans(text)).toEqual(expectedSpans(text));
  });

  it('reads a word in lower case and its capital in place', () => {
    const tokens = tokenize('The THE the tHe then th Th\u00e9 \u00c9the', []);
    const lower = Array.from({ length: tokens.length }, (_, i) => tokens.isLowerCase(i, 'the'));
    expect(lower).toEqual([true, true, true, true, false, false, false, false]);
    const caps = Array.from({ length: tokens.length }, (_, i) => tokens.isCap(i));
    expect(caps).toEqual([true, true, false, false, false, false, true, true]);
  });

  it('finds the same words as the regex in any mix of letters, apostrophes, hyphens and others', () => {
    const pieces = [
      'a',
      'Z',
      's',
      '\u00e9',
      '\u00c0',
      '\u024f',
      '\u0250',
      '\u00d7',
      "'",
      '\u2019',
      '-',
      ' ',
      '.',
      '\n',
      '7',
      '\ud83d\ude00',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        expect(spans(text)).toEqual(expectedSpans(text));
      }),
      { numRuns: 2000 },
    );
  });
});
