// The real book the analysis tests read: the longest novel of the PDNC development set, chosen by
// that property at run time. Issue 13: no test names a book, author, character or place of the
// corpus, so the novel is never named here, and the characters the assertions need come from its
// gold.json (who speaks most in the part analysed), not from literals.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pdncDir, pdncLongest, pdncText } from '@castbook/test-kit/pdnc';

interface GoldCharacter {
  name: string;
  aliases: string[];
}
interface Gold {
  characters: GoldCharacter[];
  quotes: { speaker: string; spans: [number, number][] }[];
}

/** The dev set's longest novel (its folder). */
const NOVEL = pdncLongest();
/** Its text with LF line ends (gold.json's offsets are offsets into it: the file has no CR). */
const RAW = pdncText(NOVEL).replace(/\r\n?/g, '\n');

/** Where each chapter heading ("CHAPTER IV." and the like, alone at a line's start) begins: the line's start. */
const headings = (text: string) => [...text.matchAll(/^[ \t]*CHAPTER [IVXLC]+\b/gm)].map((m) => m.index);

/** The whole novel, with LF line ends (markup left as it is). */
export const NOVEL_TEXT = RAW;

/** `text` (the novel, raw or as stored) up to the line of chapter `n + 1`'s heading: its first `n` chapters. */
export function firstChapters(text: string, n: number): string {
  const at = headings(text)[n];
  if (at === undefined) throw new Error(`the dev set's longest novel has fewer than ${n + 1} "CHAPTER …" headings`);
  return text.slice(0, at);
}

/**
 * The novel's characters (gold.json) who speak in its first `n` chapters, by the lines they speak
 * there, most first.
 */
export function speakersOfFirstChapters(n: number): (GoldCharacter & { lines: number })[] {
  const gold = JSON.parse(readFileSync(resolve(pdncDir(), NOVEL, 'gold.json'), 'utf8')) as Gold;
  const end = firstChapters(RAW, n).length;
  const lines = new Map<string, number>();
  for (const q of gold.quotes) if (q.spans[0]![0] < end) lines.set(q.speaker, (lines.get(q.speaker) ?? 0) + 1);
  return gold.characters
    .map((c) => ({ ...c, lines: lines.get(c.name) ?? 0 }))
    .filter((c) => c.lines > 0)
    .sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name));
}

/**
 * Of an analysis's characters, the one that is gold.json's `who`: one whose name or alternative
 * names include `who`'s name or one of its aliases (case aside).
 */
export function found<C extends { name: string; alternativeNames?: string[] }>(
  characters: C[],
  who: GoldCharacter,
): C | undefined {
  const names = new Set([who.name, ...who.aliases].map((n) => n.toLowerCase()));
  return characters.find((c) => [c.name, ...(c.alternativeNames ?? [])].some((n) => names.has(n.toLowerCase())));
}
