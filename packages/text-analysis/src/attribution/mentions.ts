// Finds where characters are named in the text, by matching their names and aliases on tokens.
import type { Character } from '@castbook/contracts';
import { getProfile } from '../characters/profiles.js';
import type { TokenList } from '../characters/tokens.js';

export interface Mention {
  token: number;
  /** Token index just after the mention. */
  endToken: number;
  start: number;
  end: number;
  char: number;
  inQuote: boolean;
}

const MAX_WORDS = 5;

/** "Mr. Ashcombe" -> "Mr Ashcombe"; "the Ferryman" -> "Ferryman". */
export function aliasKey(name: string): string {
  return name
    .replace(/^(the|a|an)\s+/i, '')
    .replace(/[.]/g, '')
    .replace(/['\u2019]s$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Alias -> character index; an alias shared by two characters names neither. */
export function aliasIndex(characters: readonly Character[]): Map<string, number> {
  const index = new Map<string, number>();
  const ambiguous = new Set<string>();
  characters.forEach((c, i) => {
    for (const n of new Set([c.name, ...c.alternativeNames].map(aliasKey))) {
      if (!n) continue;
      if (index.has(n) && index.get(n) !== i) ambiguous.add(n);
      else index.set(n, i);
    }
  });
  for (const n of ambiguous) index.delete(n);
  return index;
}

/** All mentions, longest alias first at each position, in text order. */
export function findMentions(tokens: TokenList, index: Map<string, number>): Mention[] {
  // The first words of every alias of more than one word ("Mrs", "Mrs Pell" of "Mrs Pell Orla"):
  // a name is read on past a word only while the words so far begin some alias.
  const leads = new Set<string>();
  for (const alias of index.keys())
    for (let s = alias.indexOf(' '); s > 0; s = alias.indexOf(' ', s + 1)) leads.add(alias.slice(0, s));
  const out: Mention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens.at(i)!.cap) continue;
    let key = tokens.at(i)!.text;
    let best = -1;
    let bestEnd = i;
    if (index.has(key)) {
      best = index.get(key)!;
      bestEnd = i + 1;
    }
    for (let k = i + 1; k < tokens.length && k < i + MAX_WORDS && leads.has(key) && tokens.at(k)!.joined; k++) {
      key += ' ' + tokens.at(k)!.text;
      const hit = index.get(key);
      if (hit !== undefined) {
        best = hit;
        bestEnd = k + 1;
      }
    }
    if (best >= 0) {
      out.push({
        token: i,
        endToken: bestEnd,
        start: tokens.at(i)!.start,
        end: tokens.at(bestEnd - 1)!.end,
        char: best,
        inQuote: tokens.at(i)!.inQuote,
      });
      i = bestEnd - 1;
    }
  }
  return out;
}

/** Index of the first mention at or after token t. */
export function firstMentionAt(mentions: readonly Mention[], t: number): number {
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mentions[mid]!.token < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How far around an ambiguous "Mr. SURNAME" the full names of its holders are counted (tokens). */
const SURNAME_BEFORE = 2000;
const SURNAME_AFTER = 300;
/** Distance (tokens) at which a name counts half. */
const SURNAME_SCALE = 200;

/**
 * "Mr. Shol" among Evander, Osric and Major Ambrose Shol: a character known only by an
 * honorific and a surname, when two or more characters carry that surname with a first name, is
 * at each mention the holder most named around it. Mentions are re-pointed in place; a mention with
 * no holder nearby keeps its own character.
 */
export function resolveSharedSurnames(mentions: Mention[], characters: readonly Character[]): void {
  const words = (n: string) => aliasKey(n).split(' ');
  const holders = new Map<number, number[]>();
  characters.forEach((c, i) => {
    const names = [c.name, ...c.alternativeNames].map(words);
    // Only "Mr. Shol" (and perhaps "Shol"): one surname, never a first name.
    if (!names.every((w) => w.length <= 2) || !names.some((w) => w.length === 2)) return;
    const surname = names.find((w) => w.length === 2)![1]!;
    if (names.some((w) => w[w.length - 1] !== surname)) return;
    const honorific = names.find((w) => w.length === 2)![0]!;
    const others: number[] = [];
    characters.forEach((o, j) => {
      if (j === i) return;
      const full = [o.name, ...o.alternativeNames].map(words);
      // Called by the same honorific with a first name and the surname ("Mr. Evander Shol"):
      // "Mrs. Ashcombe" is not one of the Miss Ashcombes.
      const named = full.some((w) => w.length >= 3 && w[0] === honorific && w[w.length - 1] === surname);
      const g = getProfile(o)?.gender ?? 'u';
      if (named && g !== 'u' && g === (getProfile(c)?.gender ?? 'u')) others.push(j);
    });
    if (others.length >= 2) holders.set(i, others);
  });
  if (holders.size === 0) return;
  // Mentions are in text order: the window's start only moves forward.
  let lo = 0;
  const decided: [Mention, number][] = [];
  for (const m of mentions) {
    const cands = holders.get(m.char);
    if (!cands) continue;
    while (mentions[lo]!.token < m.token - SURNAME_BEFORE) lo++;
    const counts = new Map<number, number>();
    for (let k = lo; k < mentions.length && mentions[k]!.token <= m.token + SURNAME_AFTER; k++) {
      const o = mentions[k]!;
      // Nearer names weigh more, and names after it less than names before.
      const d = m.token - o.token;
      const w = (d >= 0 ? 1 : 0.5) / (1 + Math.abs(d) / SURNAME_SCALE);
      if (cands.includes(o.char)) counts.set(o.char, (counts.get(o.char) ?? 0) + w);
    }
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    if (ranked.length > 0 && (ranked.length === 1 || ranked[0]![1] > ranked[1]![1])) decided.push([m, ranked[0]![0]]);
  }
  for (const [m, c] of decided) m.char = c;
}
