// Tells a table of contents from the book's real headings. A contents entry is a heading with
// (almost) no text before the next heading of the same or higher rank. Such empty headings are
// dropped when they come in a run, follow a "Contents" line, or are repeated later; of
// headings repeated within one scope, only the one with the most text under it is kept.
import type { Heading } from './headings.js';
import type { Line } from './lines.js';
import { rank } from './rank.js';

/** Characters of text under a heading below which it counts as empty (a contents entry). */
const EMPTY_SPAN = 150;
/** Consecutive empty headings that make a contents block even without a "Contents" line. */
const MIN_RUN = 3;
/** A repeated heading is dropped when it holds less than this share of its twin's text. */
const DUPLICATE_SHARE = 0.1;

/** Amount of text (characters of trimmed lines) between lines, from a prefix sum over lines. */
function textPrefix(lines: Line[]): Int32Array {
  const prefix = new Int32Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) prefix[i + 1] = prefix[i]! + lines[i]!.length;
  return prefix;
}

/** Text under each heading, up to the next heading of the same or a higher rank. */
function spans(headings: Heading[], prefix: Int32Array, lineCount: number): number[] {
  const out = new Array<number>(headings.length);
  // A stack of open headings finds each one's closing heading in one pass.
  const open: number[] = [];
  const close = (i: number, line: number) => (out[i] = prefix[line]! - prefix[headings[i]!.lastLine + 1]!);
  headings.forEach((h, i) => {
    while (open.length && rank(headings[open.at(-1)!]!.type) <= rank(h.type)) close(open.pop()!, h.firstLine);
    open.push(i);
  });
  while (open.length) close(open.pop()!, lineCount);
  return out.map((v) => Math.max(0, v));
}

const key = (h: Heading) => (h.number !== null ? `${h.type}#${h.number}` : `${h.type}:${h.title.toLowerCase()}`);

export function rejectTableOfContents(headings: Heading[], lines: Line[], contentsLines: number[]): Heading[] {
  const prefix = textPrefix(lines);
  const span = spans(headings, prefix, lines.length);
  const empty = span.map((s) => s < EMPTY_SPAN);
  const drop = new Array<boolean>(headings.length).fill(false);

  for (let i = 0; i < headings.length;) {
    if (!empty[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < headings.length && empty[j]) j++;
    const previousLine = i > 0 ? headings[i - 1]!.lastLine : -1;
    const afterContents = contentsLines.some((l) => l > previousLine && l < headings[i]!.firstLine);
    const laterKeys = new Set(headings.slice(j).map(key));
    for (let k = i; k < j; k++) {
      if (j - i >= MIN_RUN || afterContents || laterKeys.has(key(headings[k]!))) drop[k] = true;
    }
    i = j;
  }

  const kept = headings.map((h, i) => ({ h, span: span[i]! })).filter((_, i) => !drop[i]);
  return dropDuplicates(kept);
}

/** Of headings with the same key in the same scope (the enclosing higher-ranked heading), keep the real one. */
function dropDuplicates(items: { h: Heading; span: number }[]): Heading[] {
  const groups = new Map<string, number[]>();
  const scope: number[] = [];
  items.forEach((item, i) => {
    while (scope.length && rank(items[scope.at(-1)!]!.h.type) <= rank(item.h.type)) scope.pop();
    const k = `${scope.at(-1) ?? -1}|${key(item.h)}`;
    groups.set(k, [...(groups.get(k) ?? []), i]);
    scope.push(i);
  });
  const drop = new Set<number>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const biggest = Math.max(...members.map((i) => items[i]!.span));
    for (const i of members)
      if (items[i]!.span < DUPLICATE_SHARE * biggest && items[i]!.span < 2000 && !countsOn(items, i)) drop.add(i);
  }
  return items.filter((_, i) => !drop.has(i)).map((item) => item.h);
}

/**
 * A short heading whose number the next heading of its type goes on from ("Chapter I" then
 * "Chapter II") is a real one, not a stray copy: books whose later divisions have no heading of
 * their own (only "END OF THE FIRST BOOK") repeat "Chapter I" in one scope.
 */
function countsOn(items: { h: Heading }[], i: number): boolean {
  const h = items[i]!.h;
  if (h.number === null) return false;
  const next = items.slice(i + 1).find((item) => item.h.type === h.type || rank(item.h.type) > rank(h.type));
  return next !== undefined && next.h.type === h.type && next.h.number === h.number + 1;
}
