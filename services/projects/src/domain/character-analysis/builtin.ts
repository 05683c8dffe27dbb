// The built-in character analysis (issue 18): counted from the project's own data (its text, outline,
// characters and quotes), no model and no keys. Every field states what was counted; nothing is
// written as if someone had read the book, and what the data cannot tell (motivation) says so.
import {
  outlineClass,
  type Character,
  type CharacterAnalysisDetail,
  type OutlineItem,
  type Quote,
} from '@castbook/contracts';
import { SPEECH_VERBS } from '@castbook/text-analysis';

export interface AnalysisInput {
  text: string;
  outline: OutlineItem[];
  characters: Character[];
  quotes: Quote[];
}

export interface Chapter {
  title: string;
  startOffset: number;
  endOffset: number;
}

/** Two lines by different speakers at most this many characters apart are one exchange. */
export const EXCHANGE_GAP = 400;
/** How far around a quote its speech tag is looked for, within the paragraph. */
const TAG_WINDOW = 80;
/** Words ending in -ly that are not manner adverbs of a tag ("said the lonely man"). */
const NOT_ADVERBS = new Set(
  (
    'only early likely family holy ugly silly belly jelly rely reply apply supply fly july italy lonely lovely ' +
    'friendly lively daily weekly monthly yearly elderly costly deadly curly surly burly jolly folly bully ' +
    'lily emily sally molly polly dolly billy holly kelly nelly tally rally ally sly comply imply multiply ' +
    'ghostly kindly manly womanly motherly fatherly brotherly sisterly orderly homely cowardly scholarly ' +
    'worldly heavenly earthly timely unlikely unruly wily woolly wooly smelly hilly chilly bubbly'
  ).split(/\s+/),
);

/**
 * The chapters of the outline: chapter-class items (SPEC §3) not inside another chapter-class item, so
 * a chapter's scenes are not counted as chapters of their own. In text order. A title that several
 * chapters share (each volume's "Chapter I") makes every chapter named with its volume or part:
 * "VOLUME II, Chapter I".
 */
export function chaptersOf(outline: OutlineItem[]): Chapter[] {
  const found: (Chapter & { parent: string | undefined })[] = [];
  const walk = (items: OutlineItem[], parent: string | undefined) => {
    for (const item of items) {
      if (outlineClass(item.type) === 'chapter') {
        found.push({ title: item.title, startOffset: item.startOffset, endOffset: item.endOffset, parent });
      } else walk(item.children, item.title);
    }
  };
  walk(outline, undefined);
  // Once any title repeats, every chapter in a volume or part is named with it, so the names read alike.
  const repeats = new Set(found.map((c) => c.title)).size < found.length;
  return found
    .map(({ parent, ...c }) => ({ ...c, title: repeats && parent ? `${parent}, ${c.title}` : c.title }))
    .sort((a, b) => a.startOffset - b.startOffset);
}

/** The chapter holding an offset, or undefined outside every chapter. Binary search: chapters are sorted. */
export function chapterAt(chapters: Chapter[], offset: number): Chapter | undefined {
  let lo = 0;
  let hi = chapters.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = chapters[mid]!;
    if (offset < c.startOffset) hi = mid - 1;
    else if (offset >= c.endOffset) lo = mid + 1;
    else return c;
  }
  return undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Offsets where the character is named (its name or an alternative name, whole words, as written). */
export function mentionOffsets(text: string, character: Character): number[] {
  const names = [character.name, ...character.alternativeNames].map((n) => n.trim()).filter((n) => n.length > 1);
  if (names.length === 0) return [];
  // Longest first, so "Mrs Quayle" is one mention rather than "Mrs" and "Quayle".
  names.sort((a, b) => b.length - a.length);
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return [...text.matchAll(re)].map((m) => m.index);
}

const wordsOf = (s: string) => s.match(/[\p{L}\p{N}'’-]+/gu) ?? [];

/**
 * The tag text around a quote: from the end of the quote to the next quote or line break, and from
 * the previous quote or line break to its start, each at most TAG_WINDOW characters.
 */
function tagText(text: string, quote: Quote, prev: Quote | undefined, next: Quote | undefined): string {
  const afterEnd = Math.min(quote.endOffset + TAG_WINDOW, next?.startOffset ?? text.length, text.length);
  let after = text.slice(quote.endOffset, Math.max(quote.endOffset, afterEnd));
  const nl = after.indexOf('\n');
  if (nl >= 0) after = after.slice(0, nl);
  const beforeStart = Math.max(quote.startOffset - TAG_WINDOW, prev?.endOffset ?? 0, 0);
  let before = text.slice(Math.min(beforeStart, quote.startOffset), quote.startOffset);
  const bl = before.lastIndexOf('\n');
  if (bl >= 0) before = before.slice(bl + 1);
  return `${before} ${after}`;
}

const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([word, count]) => ({ word, count }));

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Three representative lines: the book's lines of the character split into thirds by position, and
 * from each third the longest line of at most 60 words (a whole thought, not a speech). Lines that
 * start a sentence and have three words or more are preferred (not the second half of an interrupted
 * quote: '"…," said he, "to keep the …"'), while there are three of them. Fewer lines than three give
 * what there is.
 */
export function representativeLines(lines: Quote[]): Quote[] {
  const long = lines.filter((q) => wordsOf(q.text).length >= 3);
  const starting = long.filter((q) => !/^\W*\p{Ll}/u.test(q.text));
  const pool = starting.length >= 3 ? starting : long.length >= 3 ? long : lines;
  if (pool.length <= 3) return pool;
  const picked: Quote[] = [];
  for (let third = 0; third < 3; third++) {
    const part = pool.slice(Math.floor((third * pool.length) / 3), Math.floor(((third + 1) * pool.length) / 3));
    const fitting = part.filter((q) => wordsOf(q.text).length <= 60);
    const from = fitting.length > 0 ? fitting : part;
    const best = from.reduce((a, b) => (wordsOf(b.text).length > wordsOf(a.text).length ? b : a));
    picked.push(best);
  }
  return picked;
}

/** Verbs of speaking that say how loud the character speaks (a voice direction only when they dominate). */
const SOFT = new Set(['whispered', 'whispers', 'murmured', 'murmurs', 'muttered', 'mutters', 'breathed', 'sighed']);
const LOUD = new Set([
  'shouted',
  'shouts',
  'cried',
  'cries',
  'roared',
  'bawled',
  'yelled',
  'shrieked',
  'screamed',
  'bellowed',
  'thundered',
  'exclaimed',
  'exclaims',
]);

/**
 * The analysis of one character. `now` is the time stamped on it. Throws nothing: a character with no
 * lines and no mentions gets an analysis that says so.
 */
export function builtInAnalysis(input: AnalysisInput, character: Character, now = new Date()): CharacterAnalysisDetail {
  const { text } = input;
  const chapters = chaptersOf(input.outline);
  const names = new Map(input.characters.map((c) => [c.id, c.name]));
  const quotes = [...input.quotes].sort((a, b) => a.startOffset - b.startOffset);

  const own: Quote[] = [];
  const verbs = new Map<string, number>();
  const adverbs = new Map<string, number>();
  const partners = new Map<string, number>();
  let words = 0;
  let questions = 0;
  let exclamations = 0;
  for (let i = 0; i < quotes.length; i++) {
    const q = quotes[i]!;
    const next = quotes[i + 1];
    // An exchange: this line and the next, by two different known speakers, close together and in
    // the same chapter (a chapter's first line does not answer the last one of the chapter before).
    if (next && q.speakerId && next.speakerId && q.speakerId !== next.speakerId) {
      if (
        next.startOffset - q.endOffset <= EXCHANGE_GAP &&
        chapterAt(chapters, q.startOffset) === chapterAt(chapters, next.startOffset)
      ) {
        if (q.speakerId === character.id && names.has(next.speakerId)) bump(partners, next.speakerId);
        else if (next.speakerId === character.id && names.has(q.speakerId)) bump(partners, q.speakerId);
      }
    }
    if (q.speakerId !== character.id) continue;
    own.push(q);
    words += wordsOf(q.text).length;
    const spoken = q.text.trim();
    if (/\?['"”’)\s]*$/.test(spoken)) questions++;
    if (/!['"”’)\s]*$/.test(spoken)) exclamations++;
    for (const w of wordsOf(tagText(text, q, quotes[i - 1], next))) {
      if (SPEECH_VERBS.has(w)) bump(verbs, w);
      else if (/^[a-z]{4,}ly$/.test(w) && !NOT_ADVERBS.has(w)) bump(adverbs, w);
    }
  }

  const mentions = mentionOffsets(text, character);
  const present = new Map<Chapter, number>();
  for (const offset of [...own.map((q) => q.startOffset), ...mentions]) {
    const c = chapterAt(chapters, offset);
    if (c) present.set(c, (present.get(c) ?? 0) + 1);
  }
  const linesPerChapter = new Map<Chapter, number>();
  for (const q of own) {
    const c = chapterAt(chapters, q.startOffset);
    if (c) linesPerChapter.set(c, (linesPerChapter.get(c) ?? 0) + 1);
  }
  const chaptersPresent = chapters.filter((c) => present.has(c)).map((c) => c.title);
  const first = Math.min(own[0]?.startOffset ?? Infinity, mentions[0] ?? Infinity);
  const firstAppearance = Number.isFinite(first)
    ? { offset: first, chapter: chapterAt(chapters, first)?.title ?? null }
    : null;
  const talksWith = [...partners]
    .sort((a, b) => b[1] - a[1] || names.get(a[0])!.localeCompare(names.get(b[0])!))
    .slice(0, 5)
    .map(([id, exchanges]) => ({ characterId: id, name: names.get(id)!, exchanges }));
  const speechVerbs = top(verbs, 6);
  const topAdverbs = top(adverbs, 6);
  const picked = representativeLines(own);

  // ---- the SPEC's fields, each a statement of what was counted ----
  const where =
    chapters.length === 0
      ? 'the book has no chapters in its outline'
      : `present in ${plural(chaptersPresent.length, 'chapter')} of ${chapters.length}`;
  const firstText = firstAppearance
    ? `first appears at character ${firstAppearance.offset.toLocaleString('en-US')}${firstAppearance.chapter ? ` (${firstAppearance.chapter})` : ''}`
    : 'never named in the text';
  const summary = `${character.name}: ${plural(own.length, 'line')} (${plural(words, 'word')}), ${plural(mentions.length, 'mention')}; ${where}; ${firstText}.`;

  const listed = (items: { word: string; count: number }[]) => items.map((v) => `${v.word} (${v.count})`).join(', ');
  const personality =
    speechVerbs.length + topAdverbs.length === 0
      ? 'No speech tags around this character’s lines to count.'
      : [
          speechVerbs.length > 0 ? `Speech verbs in the tags of their lines: ${listed(speechVerbs)}.` : '',
          topAdverbs.length > 0 ? `Adverbs in those tags: ${listed(topAdverbs)}.` : '',
        ]
          .filter(Boolean)
          .join(' ');

  const busiest = [...linesPerChapter].sort((a, b) => b[1] - a[1] || a[0].startOffset - b[0].startOffset)[0];
  const arc =
    chaptersPresent.length === 0
      ? own.length === 0
        ? 'No lines to follow through the book.'
        : `${plural(own.length, 'line')}, none inside a chapter of the outline.`
      : `Present from ${chaptersPresent[0]} to ${chaptersPresent.at(-1)}` +
        (busiest ? `; speaks most in ${busiest[0].title} (${plural(busiest[1], 'line')}).` : '; has no lines.');

  const relationships =
    talksWith.length === 0
      ? 'No exchanges with other characters found.'
      : `Talks most with ${talksWith
          .slice(0, 3)
          .map((t) => `${t.name} (${plural(t.exchanges, 'exchange')})`)
          .join(', ')}.`;

  const motivation = 'Not derived by the built-in analysis: it counts what the text shows and does not interpret it.';

  // ---- what a narrator needs: habits counted from the lines, directions only when the tags support them ----
  const speechHabits: string[] = [];
  if (own.length > 0) {
    speechHabits.push(`Average line: ${plural(Math.round(words / own.length), 'word')}`);
    if (questions > 0) speechHabits.push(`Asks questions in ${Math.round((100 * questions) / own.length)}% of lines`);
    if (exclamations > 0) speechHabits.push(`Exclaims in ${Math.round((100 * exclamations) / own.length)}% of lines`);
  }
  const tagged = [...verbs.values()].reduce((a, b) => a + b, 0);
  const soft = [...verbs].filter(([v]) => SOFT.has(v)).reduce((a, [, n]) => a + n, 0);
  const loud = [...verbs].filter(([v]) => LOUD.has(v)).reduce((a, [, n]) => a + n, 0);
  // A fifth of the tagged lines (and at least three) before calling it a habit.
  const volume =
    soft >= 3 && soft >= tagged / 5 && soft > loud
      ? `Often soft (${soft} of ${tagged} speech verbs: whispered, murmured…)`
      : loud >= 3 && loud >= tagged / 5
        ? `Often loud (${loud} of ${tagged} speech verbs: cried, shouted…)`
        : undefined;

  return {
    characterId: character.id,
    source: 'built-in',
    summary,
    personality,
    arc,
    relationships,
    motivation,
    chaptersRead: chapters.map((c) => c.title),
    createdAt: now.toISOString(),
    stats: {
      lines: own.length,
      words,
      mentions: mentions.length,
      chaptersPresent,
      chapterCount: chapters.length,
      firstAppearance,
      talksWith,
      speechVerbs,
      adverbs: topAdverbs,
    },
    narrator: {
      speechHabits,
      ...(volume ? { voiceDirection: { volume } } : {}),
      representativeLines: picked.map((q) => ({ text: q.text, startOffset: q.startOffset, endOffset: q.endOffset })),
    },
  };
}
