import { describe, expect, it } from 'vitest';
import { stripMarkup } from './markup.js';

describe('stripMarkup', () => {
  it('removes emphasis markers and keeps the words', () => {
    expect(stripMarkup('“_I_ never said so,” she said. It was *very* cold and **dark**.')).toBe(
      '“I never said so,” she said. It was very cold and dark.',
    );
  });

  it('removes markers around several words, across a wrapped line', () => {
    expect(stripMarkup('He read _The Lantern\nKeeper’s Almanac_ twice.')).toBe(
      'He read The Lantern\nKeeper’s Almanac twice.',
    );
  });

  it('keeps underscores and asterisks that are not emphasis', () => {
    const text = 'snake_case_name, a footnote* here, 2 * 3 * 4, and\n\n* * * * *\n\n__init__ and a_b';
    expect(stripMarkup(text)).toBe(text);
  });

  it('never joins markers across a blank line', () => {
    const text = 'an _open marker\n\nand a closing one_ later';
    expect(stripMarkup(text)).toBe(text);
  });

  it('returns a text without markup unchanged', () => {
    const text = 'Plain words only.\n';
    expect(stripMarkup(text)).toBe(text);
  });
});
