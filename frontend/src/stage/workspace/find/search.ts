// The book's own search (issue 19): matches are found in the project's content string, not in the DOM,
// so a match far outside the virtualised viewer's rendered rows is found and counted like any other.
// What the viewer shows is the text (line ends reflowed to spaces), so the search runs over the same
// text: "the workhouse" matches across a hard line break. Everything is indexed by content offsets.

/** The content prepared once per text: line ends as spaces, and a case-folded copy of the same length. */
export interface SearchText {
  text: string;
  folded: string;
}

export interface SearchOptions {
  caseSensitive: boolean;
  wholeWord: boolean;
}

export interface SearchResult {
  /** The query as searched (case-folded unless case-sensitive). */
  needle: string;
  options: SearchOptions;
  /** Every position the needle occurs at, overlapping ones included: what a longer query narrows. */
  raw: number[];
  /** The matches shown, in order and without overlaps (whole words only when asked). */
  starts: number[];
  length: number;
}

/**
 * Lower case of the same length as the input, so offsets into it are offsets into the content. The
 * few characters whose lower case is longer (U+0130 İ) keep their own form.
 */
export function foldCase(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const l = c.toLowerCase();
    out += l.length === 1 ? l : c;
  }
  return out;
}

export function searchText(content: string): SearchText {
  const text = content.replace(/[\r\n]/g, ' ');
  return { text, folded: foldCase(text) };
}

const WORD = /[\p{L}\p{N}_]/u;
function isWordChar(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  return WORD.test(String.fromCharCode(code));
}

/** A whole word: no word character just before or just after (at the edges the query's own ends decide). */
function wholeWordAt(text: string, start: number, length: number): boolean {
  return (
    (start === 0 || !isWordChar(text.charCodeAt(start - 1)) || !isWordChar(text.charCodeAt(start))) &&
    (start + length >= text.length ||
      !isWordChar(text.charCodeAt(start + length)) ||
      !isWordChar(text.charCodeAt(start + length - 1)))
  );
}

/**
 * The matches of `query`. With `previous` (the last keystroke's result, same case option) and a query
 * that extends it, only the previous positions are checked again: each keystroke narrows the last
 * answer instead of scanning 3 MB.
 */
export function search(
  st: SearchText,
  query: string,
  options: SearchOptions,
  previous?: SearchResult | null,
): SearchResult {
  const needle = options.caseSensitive ? query : foldCase(query);
  const hay = options.caseSensitive ? st.text : st.folded;
  let raw: number[];
  if (!needle) raw = [];
  else if (
    previous &&
    previous.needle &&
    previous.options.caseSensitive === options.caseSensitive &&
    needle.startsWith(previous.needle)
  ) {
    raw = previous.raw.filter((p) => hay.startsWith(needle, p));
  } else {
    raw = [];
    for (let p = hay.indexOf(needle); p !== -1; p = hay.indexOf(needle, p + 1)) raw.push(p);
  }
  const starts: number[] = [];
  let reach = 0;
  for (const p of raw) {
    if (p < reach) continue;
    if (options.wholeWord && !wholeWordAt(st.text, p, needle.length)) continue;
    starts.push(p);
    reach = p + needle.length;
  }
  return { needle, options, raw, starts, length: needle.length };
}

/** Index of the first value >= `offset` in a sorted array (its length when none is). */
export function lowerBound(sorted: readonly number[], offset: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The matches the viewer paints: their starts, their length and which one is current (-1 for none). */
export interface FindMarks {
  starts: readonly number[];
  length: number;
  current: number;
}

export interface MarkedRun {
  start: number;
  end: number;
  /** Inside a match: the current one or another; null for plain text. */
  mark: 'current' | 'other' | null;
}

/** The runs of [start, end): plain text and (parts of) matches, in order, covering it exactly. */
export function markRuns(start: number, end: number, marks: FindMarks | null | undefined): MarkedRun[] {
  if (!marks || marks.length === 0 || end <= start) return [{ start, end, mark: null }];
  const runs: MarkedRun[] = [];
  let at = start;
  for (let i = lowerBound(marks.starts, start - marks.length + 1); i < marks.starts.length; i++) {
    const m = marks.starts[i]!;
    if (m >= end) break;
    const s = Math.max(m, start);
    const e = Math.min(m + marks.length, end);
    if (e <= s) continue;
    if (s > at) runs.push({ start: at, end: s, mark: null });
    runs.push({ start: s, end: e, mark: m === marks.current ? 'current' : 'other' });
    at = e;
  }
  if (at < end) runs.push({ start: at, end, mark: null });
  return runs;
}

/** The matches inside any of `ranges` (sorted, non-overlapping): a search within a filtered view. */
export function within(starts: readonly number[], length: number, ranges: readonly { start: number; end: number }[]) {
  const out: number[] = [];
  let r = 0;
  for (const p of starts) {
    while (r < ranges.length && ranges[r]!.end < p + length) r++;
    if (r === ranges.length) break;
    if (p >= ranges[r]!.start) out.push(p);
  }
  return out;
}
