import type { Character } from '@castbook/contracts';
import { describe, expect, it } from 'vitest';
import type { Gender } from '../characters/lexicon.js';
import { relativeOf } from './kin.js';

function cast(...people: [string, Gender, ...string[]][]): { characters: Character[]; gender: Gender[] } {
  const characters = people.map(([name, , ...alternativeNames], i) => ({
    id: `c${i}`,
    name,
    color: '#808080',
    summary: '',
    mentions: 10,
    alternativeNames,
    relationships: [],
    isUserCreated: false,
  }));
  return { characters, gender: people.map(([, g]) => g) };
}

describe('relativeOf', () => {
  const { characters, gender } = cast(
    ['Elspeth', 'f', 'Miss Elspeth', 'Elspeth Quayle', 'Miss Bess'],
    ['Hester', 'f', 'Hester Quayle'],
    ['Mr. Quayle', 'm', 'Quayle'],
    ['Mrs. Quayle', 'f'],
    ['Mr. van der Pell', 'm', 'Pell'],
    ['Mrs. van der Pell', 'f'],
    ['Mrs. Idris van der Pell', 'f'],
    ['Thomas Ashby', 'm', 'Mr. Ashby'],
  );
  const idx = (name: string) => characters.findIndex((c) => c.name === name);

  it("finds the family title of the owner's surname, not a given name read as one", () => {
    // "Miss Elspeth" ends in her given name; "Elspeth Quayle" names the family.
    expect(relativeOf(characters, gender, idx('Elspeth'), 'father')).toBe(idx('Mr. Quayle'));
    expect(relativeOf(characters, gender, idx('Elspeth'), 'mother')).toBe(idx('Mrs. Quayle'));
    expect(relativeOf(characters, gender, idx('Mr. Quayle'), 'wife')).toBe(idx('Mrs. Quayle'));
  });

  it('reads a surname of several words, and prefers the bare family title', () => {
    expect(relativeOf(characters, gender, idx('Mr. van der Pell'), 'wife')).toBe(idx('Mrs. van der Pell'));
  });

  it('names no one where the family has two of a kind or none', () => {
    expect(relativeOf(characters, gender, idx('Mrs. Quayle'), 'daughter')).toBe(-1);
    expect(relativeOf(characters, gender, idx('Thomas Ashby'), 'mother')).toBe(-1);
    expect(relativeOf(characters, gender, idx('Elspeth'), 'uncle')).toBe(-1);
  });

  it('finds a sibling who is the only other bearer of the surname of that gender', () => {
    expect(relativeOf(characters, gender, idx('Mr. Quayle'), 'daughter')).toBe(-1);
    const { characters: c2, gender: g2 } = cast(['Orla Tarrow', 'f'], ['Wystan Tarrow', 'm'], ['Mr. Tarrow', 'm']);
    expect(relativeOf(c2, g2, 0, 'brother')).toBe(1);
  });
});
