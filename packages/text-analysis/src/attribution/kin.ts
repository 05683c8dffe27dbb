// Kin tags: `"…," said her father`, `his wife interposed: "…"`. The speaker is a relative of the
// one the possessive names, and a book's families share a surname: Mr. and Mrs. Holt, Tam Holt.
import type { Character } from '@castbook/contracts';
import { HONORIFICS, nounGender, type Gender } from '../characters/lexicon.js';
import type { TokenList } from '../characters/tokens.js';
import { aliasKey, type Mention } from './mentions.js';

/**
 * The relatives a kin noun can name by surname, and the title the relative goes by: a father or a
 * husband is the "Mr." of the family, a mother or a wife its "Mrs."; a son, daughter, brother or
 * sister has none to tell them apart. Uncles, aunts and cousins often bear another surname.
 */
const KIN_TITLES: ReadonlyMap<string, string | null> = new Map([
  ['father', 'Mr'],
  ['husband', 'Mr'],
  ['mother', 'Mrs'],
  ['wife', 'Mrs'],
  ['son', null],
  ['daughter', null],
  ['brother', null],
  ['sister', null],
]);

export function isKinNoun(noun: string): boolean {
  return KIN_TITLES.has(noun);
}

/**
 * A character's surnames: what its names hold after their titles and given names ("Holt" of "Miss
 * Eliza Holt", "van der Holt" of "Mr. van der Holt"). A given name opens a longer name or stands
 * alone, unless "Mr." or "Mrs." goes before it ("Holt" of "Mr. Holt").
 */
function surnamesOf(c: Character): string[] {
  const keys = keysOf(c).map((k) => k.split(' '));
  const titled = new Set(keys.filter((w) => w.length === 2 && (w[0] === 'Mr' || w[0] === 'Mrs')).map((w) => w[1]!));
  const given = new Set(keys.filter((w) => w.length >= 2 || !titled.has(w[0]!)).map((w) => w[0]!));
  const out = new Set<string>();
  for (const words of keys) {
    let k = 0;
    while (k < words.length && (HONORIFICS.has(words[k]!) || given.has(words[k]!))) k++;
    if (k > 0 && k < words.length) out.add(words.slice(k).join(' '));
  }
  return [...out];
}

/** The names of a character, as alias keys ("Mrs Holt"). */
function keysOf(c: Character): string[] {
  return [c.name, ...c.alternativeNames].map(aliasKey);
}

/**
 * The one character who is `owner`'s `noun` ("father") by the family's surname, or -1: of the
 * noun's gender (or unknown), not the owner, with a name ending in the owner's surname and, for a
 * parent or spouse, one under the family title ("Mr Holt" for Tam Holt's father). None or several
 * (three sisters of one surname) name no one.
 */
export function relativeOf(
  characters: readonly Character[],
  gender: readonly Gender[],
  owner: number,
  noun: string,
): number {
  const title = KIN_TITLES.get(noun);
  const surnames = title === undefined ? [] : surnamesOf(characters[owner]!);
  const g = nounGender(noun);
  let found = -1;
  for (let i = 0; i < characters.length && surnames.length; i++) {
    if (i === owner || (gender[i] !== g && gender[i] !== 'u')) continue;
    const keys = keysOf(characters[i]!);
    const ok = surnames.some((surname) =>
      title
        ? keys.includes(`${title} ${surname}`)
        : keys.some((k) => k.endsWith(` ${surname}`) && !k.startsWith('Mr ') && !k.startsWith('Mrs ')),
    );
    if (!ok) continue;
    if (found >= 0) return -1;
    found = i;
  }
  return found;
}

/** Lower-case words a kin noun may have before it after its owner ("her poor old mother"). */
const KIN_ADJECTIVES = 2;

/**
 * The owner of the kin noun at token `noun`: a name in the possessive before it ("Tam's mother", the
 * character) or "his"/"her" (the pronoun's gender, for the caller to resolve); null for neither.
 */
export function kinOwner(
  tokens: TokenList,
  mentionAt: ReadonlyMap<number, Mention>,
  noun: number,
): { char: number } | { pronoun: 'm' | 'f' } | null {
  for (let j = noun - 1; j >= Math.max(0, noun - 1 - KIN_ADJECTIVES); j--) {
    const t = tokens.at(j)!;
    if (t.inQuote || !tokens.at(j + 1)!.joined) return null;
    if (t.possessive) {
      for (let k = j; k >= Math.max(0, j - 3); k--) {
        const m = mentionAt.get(k);
        if (m && m.endToken === j + 1) return { char: m.char };
      }
      return null;
    }
    if (t.text === 'his' || t.text === 'her') return { pronoun: t.text === 'his' ? 'm' : 'f' };
    if (t.cap) return null;
  }
  return null;
}
