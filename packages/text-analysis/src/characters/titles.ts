// "said the count" names Count Mippola when he is the book's only count: a title used as a noun
// stands for the one character who holds it. Courtesy honorifics (Mr, Miss, Lady, Sir) and kinship
// words (Aunt, Father) are not titles here: "the lady", "the father" are anyone.
import type { Character } from '@castbook/contracts';

/** Honorifics that rank or office a person, as the lower-case noun a tag uses for them. */
const TITLE_NOUNS = new Map<string, string>([
  ['Count', 'count'],
  ['Countess', 'countess'],
  ['Duke', 'duke'],
  ['Duchess', 'duchess'],
  ['Prince', 'prince'],
  ['Princess', 'princess'],
  ['King', 'king'],
  ['Queen', 'queen'],
  ['Baron', 'baron'],
  ['Baroness', 'baroness'],
  ['Earl', 'earl'],
  ['Colonel', 'colonel'],
  ['Captain', 'captain'],
  ['Major', 'major'],
  ['General', 'general'],
  ['Lieutenant', 'lieutenant'],
  ['Sergeant', 'sergeant'],
  ['Admiral', 'admiral'],
  ['Inspector', 'inspector'],
  ['Dr', 'doctor'],
  ['Doctor', 'doctor'],
  ['Professor', 'professor'],
  ['Prof', 'professor'],
]);

/** The lower-case noun of a rank or office honorific ("Major" → major, "Dr" → doctor), if it is one. */
export function titleNoun(word: string): string | undefined {
  return TITLE_NOUNS.get(word);
}

/** The title nouns a character's names carry ("Count Mippola" → count). */
function titlesOf(c: Character): Set<string> {
  const out = new Set<string>();
  for (const name of [c.name, ...c.alternativeNames]) {
    const first = /^([A-Z][a-z]+)\.?\s+[A-Z]/.exec(name)?.[1];
    const noun = first ? TITLE_NOUNS.get(first) : undefined;
    if (noun) out.add(noun);
  }
  return out;
}

/** Title noun → index of the only character holding that title (titles held by two are left out). */
export function soleTitleHolders(characters: readonly Character[]): Map<string, number> {
  const holders = new Map<string, number[]>();
  characters.forEach((c, i) => {
    for (const t of titlesOf(c)) holders.set(t, [...(holders.get(t) ?? []), i]);
  });
  const out = new Map<string, number>();
  for (const [t, list] of holders) if (list.length === 1) out.set(t, list[0]!);
  return out;
}
