// The real book the analysis tests read: the longest novel of the PDNC development set, chosen by
// that property at run time. Issue 13: no test names a book, author, character or place of the
// corpus, so the novel is never named here, and the characters the assertions need come from its
// gold.json (who speaks most in the part analysed), not from literals.
import { firstChapters, pdncLongest, pdncSpeakers, pdncText, type PdncCharacter } from '@castbook/test-kit/pdnc';

/** The dev set's longest novel (its folder). */
const NOVEL = pdncLongest();
/** Its text with LF line ends (gold.json's offsets are offsets into it: the file has no CR). */
const RAW = pdncText(NOVEL).replace(/\r\n?/g, '\n');

/** The whole novel, with LF line ends (markup left as it is). */
export const NOVEL_TEXT = RAW;

/**
 * The novel's characters (gold.json) who speak in its first `n` chapters, by the lines they speak
 * there, most first.
 */
export function speakersOfFirstChapters(n: number): (PdncCharacter & { lines: number })[] {
  return pdncSpeakers(NOVEL, firstChapters(RAW, n).length);
}

/**
 * Of an analysis's characters, the one that is gold.json's `who`: one whose name or alternative
 * names include `who`'s name or one of its aliases (case aside).
 */
export function found<C extends { name: string; alternativeNames?: string[] }>(
  characters: C[],
  who: PdncCharacter,
): C | undefined {
  const names = new Set([who.name, ...who.aliases].map((n) => n.toLowerCase()));
  return characters.find((c) => [c.name, ...(c.alternativeNames ?? [])].some((n) => names.has(n.toLowerCase())));
}
