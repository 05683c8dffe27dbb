// Gives a first-person narrator the name others call them by, merging the two characters.
import type { Character, Quote } from '@castbook/contracts';
import { getProfile, setProfile } from '../characters/profiles.js';

/** A name must be used at least this often, and this share of the top name, to be the narrator's. */
const MIN_ADDRESS = 2;
/** A second name must be nearly as frequent and of no other gender to be the narrator's too. */
const SHARE_OF_TOP = 0.5;

export function mergeNarrator(
  characters: readonly Character[],
  quotes: readonly Quote[],
  addressedAs: Map<number, number>,
): { characters: Character[]; quotes: Quote[]; into: Map<string, string> } {
  const n = characters.findIndex((c) => getProfile(c)?.narrator);
  const ranked = [...addressedAs.entries()]
    .filter(([, k]) => k >= MIN_ADDRESS)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (n < 0 || ranked.length === 0) return { characters: [...characters], quotes: [...quotes], into: new Map() };
  const top = ranked[0]![1];
  const topGender = getProfile(characters[ranked[0]![0]]!)?.gender ?? 'u';
  const names = ranked
    .filter(
      ([i, k], r) => r === 0 || (k >= top * SHARE_OF_TOP && (getProfile(characters[i]!)?.gender ?? 'u') === topGender),
    )
    .map(([i]) => i);
  const main = characters[names[0]!]!;
  const absorbed = new Set(names.slice(1).map((i) => characters[i]!.id));
  absorbed.add(characters[n]!.id);
  const merged: Character = {
    ...main,
    mentions: names.reduce((a, i) => a + characters[i]!.mentions, 0),
    alternativeNames: [
      ...new Set(
        names.flatMap((i, k) =>
          k === 0 ? characters[i]!.alternativeNames : [characters[i]!.name, ...characters[i]!.alternativeNames],
        ),
      ),
    ],
  };
  setProfile(merged, { gender: getProfile(main)?.gender ?? 'u', narrator: true, descriptor: false });
  const outChars = characters.filter((c) => !absorbed.has(c.id)).map((c) => (c.id === main.id ? merged : c));
  const outQuotes = quotes.map((q) =>
    q.speakerId !== null && absorbed.has(q.speakerId) ? { ...q, speakerId: main.id } : q,
  );
  return { characters: outChars, quotes: outQuotes, into: new Map([...absorbed].map((id) => [id, main.id])) };
}
