// The real book the workspace specs and the bench read: the longest novel of the PDNC development
// set, chosen by that property at run time. Issue 13: no test names a book, author, character or
// place of the corpus, so the novel is never named, and the character names, passages and words
// the assertions need are derived here from its text and gold.json (or by the specs from the
// analysis the app made).
import { chapterHeadings, pdncNovels, pdncSpeakers, pdncText, type PdncCharacter } from '@castbook/test-kit/pdnc';
import { stripMarkup } from '@castbook/text-analysis/documents';

/** A text as the app stores it once saved (LF line ends, no `_italics_` markup): offsets match. */
export const asStored = (text: string) => stripMarkup(text.replace(/\r\n?/g, '\n'));

/** The dev set's novels (folder names), longest text first. */
const NOVELS = pdncNovels().reverse();
const LONGEST = NOVELS[0]!;
const RAW = pdncText(LONGEST).replace(/\r\n?/g, '\n');

/** The longest novel of the dev set, as stored. */
export const BOOK = asStored(RAW);
const CHAPTERS = chapterHeadings(BOOK);
if (CHAPTERS.length < 40)
  throw new Error('the specs need a novel of 40 chapters or more headed "CHAPTER I." and so on');

/** Where chapter `n` (1-based) starts in BOOK: its heading. */
export const chapterAt = (n: number) => CHAPTERS[n - 1]!;
/** BOOK up to (not including) chapter `n`'s heading. */
export const bookUntil = (n: number) => BOOK.slice(0, chapterAt(n));
/** The book's first five chapters. */
export const BOOK_CHAPTERS = bookUntil(6);

/** The paragraphs of chapter `n` after its heading (and the title lines under it). */
export const paragraphsOf = (n: number) =>
  BOOK.slice(chapterAt(n), CHAPTERS[n] ?? BOOK.length)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(1);

/**
 * The novel's characters (gold.json) by the lines they speak before chapter `n` (the whole book
 * without it), most first.
 */
export function speakers(n?: number): (PdncCharacter & { lines: number })[] {
  return pdncSpeakers(LONGEST, n === undefined ? Infinity : chapterHeadings(RAW)[n - 1]!);
}

/**
 * Of an analysis's characters, the one who is `who` of gold.json: named by its name, or else by its
 * longest alias the analysis has (the longer, the less likely another character's).
 */
export function found<C extends { name: string }>(characters: C[], who: PdncCharacter) {
  const names = [who.name, ...[...who.aliases].sort((a, b) => b.length - a.length)];
  return names.map((n) => characters.find((c) => c.name === n)).find(Boolean);
}

/** The book's most frequent lower-case word of nine letters or more: a search term found all through it. */
export const COMMON_WORD = (() => {
  const counts = new Map<string, number>();
  for (const [w] of BOOK.matchAll(/\b[a-z]{9,}\b/g)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
})();

/**
 * The dev set's novels end to end, longest first, cut at `words` words: the largest book a plan
 * allows (Pro: 500,000 words).
 */
export function novelsUpTo(words: number): string {
  const all = NOVELS.map((n) => asStored(pdncText(n))).join('\n\n\n');
  let seen = 0;
  for (const m of all.matchAll(/\S+/g)) if (++seen > words) return all.slice(0, m.index);
  return all;
}

/** A regular expression matching `text` literally. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
