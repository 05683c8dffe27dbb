// Where the shared PDNC development set lives, for every test, benchmark and e2e spec that reads it.
// The shared folder sits next to the repository (`../shared`) in the workspace; a clone made
// elsewhere (CI clones into /tmp) finds it at /work/shared, or wherever CASTBOOK_SHARED_DIR points.
// CASTBOOK_PDNC_DIR overrides the novels' folder alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The folder holding `data/pdnc-dev` and `tools/` (the scorer). */
export function sharedDir(): string {
  const found = [process.env.CASTBOOK_SHARED_DIR, resolve(repoRoot, '../shared'), '/work/shared'].find(
    (dir): dir is string => !!dir && existsSync(resolve(dir, 'data/pdnc-dev')),
  );
  if (!found) throw new Error('PDNC data not found: set CASTBOOK_SHARED_DIR to the folder holding data/pdnc-dev');
  return found;
}

/**
 * The dev set's novels (its folders holding a `text.txt`), listed from the folder at run time,
 * shortest text first. No source names a novel of the corpus (issue 13): pick one by a property.
 */
export function pdncNovels(): string[] {
  const dir = pdncDir();
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(resolve(dir, entry.name, 'text.txt')))
    .map((entry) => ({ name: entry.name, size: statSync(resolve(dir, entry.name, 'text.txt')).size }))
    .sort((a, b) => a.size - b.size || a.name.localeCompare(b.name))
    .map((novel) => novel.name);
}

/**
 * `count` novels spread evenly over the dev set by length, shortest first: always the shortest and
 * the longest, and short, middling and long ones between (what tests and benches that submit many
 * books cycle through, so they see the range of lengths).
 */
export function pdncNovelsSpread(count: number): string[] {
  const all = pdncNovels();
  if (count >= all.length) return all;
  if (count <= 1) return count === 1 ? all.slice(-1) : [];
  return Array.from({ length: count }, (_, i) => all[Math.round((i * (all.length - 1)) / (count - 1))]!);
}

/** The dev set's longest novel (by its text's size). */
export function pdncLongest(): string {
  const novel = pdncNovels().at(-1);
  if (!novel) throw new Error(`no novels in ${pdncDir()}`);
  return novel;
}

/** The folder of PDNC novels: one folder per novel with `text.txt` and `gold.json`. */
export function pdncDir(): string {
  return process.env.CASTBOOK_PDNC_DIR ?? resolve(sharedDir(), 'data/pdnc-dev');
}

/** A novel's text, with line ends as stored. */
export function pdncText(novel: string): string {
  return readFileSync(resolve(pdncDir(), novel, 'text.txt'), 'utf8');
}

/** A character of a novel's gold.json. */
export interface PdncCharacter {
  name: string;
  aliases: string[];
}

/**
 * A novel's annotated characters who speak before offset `end` of its text (the whole novel without
 * it), by the lines they speak there, most first (ties by name): what tests that may not name a
 * character of the corpus (issue 13) expect the analysis to find.
 */
export function pdncSpeakers(novel: string, end = Infinity): (PdncCharacter & { lines: number })[] {
  const gold = JSON.parse(readFileSync(resolve(pdncDir(), novel, 'gold.json'), 'utf8')) as {
    characters: PdncCharacter[];
    quotes: { speaker: string; spans: [number, number][] }[];
  };
  const lines = new Map<string, number>();
  for (const q of gold.quotes) if (q.spans[0]![0] < end) lines.set(q.speaker, (lines.get(q.speaker) ?? 0) + 1);
  return gold.characters
    .map((c) => ({ ...c, lines: lines.get(c.name) ?? 0 }))
    .filter((c) => c.lines > 0)
    .sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name));
}

/**
 * Where each heading of the kind `word` names ("CHAPTER IV." or "VOLUME II" and the like: the word
 * and a Roman numeral at a line's start, indented or not) stands in `text`: the offset of the word
 * (where the app's outline puts the chapter or volume).
 */
export function romanHeadings(text: string, word: 'CHAPTER' | 'VOLUME'): number[] {
  return [...text.matchAll(new RegExp(`^[ \\t]*(${word} [IVXLC]+\\b)`, 'gm'))].map(
    (m) => m.index + m[0].length - m[1]!.length,
  );
}

/** Where each chapter heading ("CHAPTER IV.") stands in `text` (see romanHeadings). */
export function chapterHeadings(text: string): number[] {
  return romanHeadings(text, 'CHAPTER');
}

/** `text` up to the line of its chapter `n + 1`'s heading: its first `n` chapters. */
export function firstChapters(text: string, n: number): string {
  const at = chapterHeadings(text)[n];
  if (at === undefined) throw new Error(`the text has fewer than ${n + 1} "CHAPTER …" headings`);
  return text.slice(0, text.lastIndexOf('\n', at) + 1);
}
