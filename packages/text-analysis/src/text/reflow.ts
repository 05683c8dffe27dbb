// Reflow: finds the paragraphs of hard-wrapped text whose paragraphs are not separated by blank
// lines — a .txt wrapped at ~70 columns by a poor export, or a .docx where every visual line
// became its own paragraph. It only decides, at each line end, whether the paragraph goes on;
// it never changes the text, so callers keep their own offsets:
// - splitParagraphs (src/quotes) groups the lines of the stored text, offsets untouched: a .txt
//   upload or a paste is analysed as it is stored, and offsets into it match the file.
// - docxToText (src/documents) joins the groups into real paragraphs when it creates the text of a
//   .docx: that text is made at import, so there is no earlier offset to keep.

import { isHeadingLine } from '../structure/headings.js';

/** Line lengths at or under this (95th percentile) can be a wrap width; longer lines are paragraphs. */
const MAX_WRAP_WIDTH = 120;
const MIN_WRAP_WIDTH = 30;
/** Lines needed before the layout of a text can be judged. */
const MIN_LINES = 8;
/** An open quotation keeps a paragraph going for at most this many lines (a stray mark must not glue a chapter). */
const MAX_OPEN_QUOTE_LINES = 40;

const OPENING = /^[\s([]*["\u201c\u00ab\u201e]/u;
const TERMINAL = /[.!?:;\u2026]["'\u201d\u2019\u00bb)\]_*]*$/u;
const LOWER_START = /^[\s([_*'"\u2018\u2019\u201c]*\p{Ll}/u;
const CLOSING_END = /["\u201d\u00bb]['\u2019]?$/u;
/** A title or an initial before a name ("Mr.", "J."): its full stop does not end a sentence. */
const ABBREVIATION_END =
  /(?:^|[\s([])(?:Mr|Mrs|Ms|Messrs|Mme|Mlle|Dr|St|Capt|Col|Gen|Lt|Rev|Prof|Hon|Sgt|Gov|\p{Lu})\.$/u;
const HYPHEN_END = /\p{L}-$/u;
const DASH_END = /(?:--|\u2014|\u2013)$/u;
const SEPARATOR = /^[\s*.\-_=~#\u2022\u00b7]+$/u;

/** Text in capitals only ("TREATS OF THE PLACE"), as headings and subtitles are set. */
const isCaps = (s: string) => /\p{Lu}.*\p{Lu}/u.test(s) && s === s.toUpperCase();

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export interface WrapLayout {
  /** The wrap width: the 95th percentile of line lengths. */
  width: number;
  /** Indented lines mark paragraph starts (some but not most lines are indented). */
  indentMarksParagraphs: boolean;
}

/**
 * The layout of lines that are visual lines of wrapped paragraphs, or null when the lines are
 * paragraphs of their own: wrapped lines are bounded by a width, most come near it, and many
 * end mid-sentence with the next line starting in lower case.
 */
export function wrapLayout(lines: readonly string[]): WrapLayout | null {
  const trimmed = lines.map((l) => l.trim()).filter((l) => l.length > 0);
  if (trimmed.length < MIN_LINES) return null;
  const width = percentile(
    trimmed.map((l) => l.length),
    0.95,
  );
  if (width < MIN_WRAP_WIDTH || width > MAX_WRAP_WIDTH) return null;
  const near = trimmed.filter((l) => l.length >= 0.75 * width).length;
  let continued = 0;
  for (let i = 0; i + 1 < trimmed.length; i++) {
    if (!TERMINAL.test(trimmed[i]!) && LOWER_START.test(trimmed[i + 1]!)) continued++;
  }
  if (near < 0.4 * trimmed.length || continued < 0.1 * trimmed.length) return null;
  const nonBlank = lines.filter((l) => l.trim().length > 0);
  const indented = nonBlank.filter((l) => /^[ \t\u00a0\u3000]/u.test(l)).length;
  const indentMarksParagraphs = indented >= 0.03 * nonBlank.length && indented <= 0.6 * nonBlank.length;
  return { width, indentMarksParagraphs };
}

const isHeadingLike = (s: string) => SEPARATOR.test(s) || isHeadingLine(s);

/** Double quotation open at the end of `line`, given whether one was open at its start. */
function quoteOpenAfter(line: string, open: boolean): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\u201c' || c === '\u00ab' || c === '\u201e') open = true;
    else if (c === '\u201d' || c === '\u00bb') open = false;
    else if (c === '"') open = !open;
  }
  return open;
}

/**
 * For each line, whether a paragraph ends after it. Blank lines always end one; otherwise a line
 * is joined to the next when the sentence or quotation runs on: the next line starts in lower case,
 * the line ends in a hyphen or dash, a quotation is open (and the next line does not open a new
 * one), or the line is full (the next line's first word would not have fit on it) without
 * ending a sentence. Headings, separators and lines in capitals stand alone.
 */
export function paragraphBreaks(lines: readonly string[], layout: WrapLayout): boolean[] {
  const breaks = new Array<boolean>(lines.length).fill(true);
  let open = false;
  let openLines = 0;
  /** The paragraph so far holds a quotation mark. */
  let quoted = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const cur = raw.trim();
    if (!cur) {
      open = quoted = false;
      continue;
    }
    open = quoteOpenAfter(cur, open);
    quoted ||= /["\u201c\u201d\u00ab\u00bb]/u.test(cur);
    openLines = open ? openLines + 1 : 0;
    const nextRaw = lines[i + 1];
    const next = nextRaw?.trim();
    if (!next) continue;
    let goesOn: boolean;
    if (isHeadingLike(cur) || isHeadingLike(next) || isCaps(cur) !== isCaps(next)) goesOn = false;
    else if (isCaps(cur) && isCaps(next)) goesOn = !TERMINAL.test(cur);
    else if (layout.indentMarksParagraphs && /^[ \t\u00a0\u3000]/u.test(nextRaw!)) goesOn = false;
    else if (LOWER_START.test(next) || HYPHEN_END.test(cur) || DASH_END.test(cur)) goesOn = true;
    else if (open && openLines <= MAX_OPEN_QUOTE_LINES && !OPENING.test(next)) goesOn = true;
    else {
      const firstWord = next.split(/\s/, 1)[0]!;
      const fits = cur.length + 1 + firstWord.length <= layout.width;
      // A full line goes on unless a sentence ends where a quotation ends, or where a quotation
      // opens after a paragraph of narration (a new turn); measured on novels wrapped at 70
      // columns, other sentence ends at a full line are mostly inside a paragraph — a speaker's
      // `"…," said she. "…"` included.
      const sentenceEnds = TERMINAL.test(cur) && !ABBREVIATION_END.test(cur);
      const turn = CLOSING_END.test(cur) || (OPENING.test(next) && !quoted);
      goesOn = !fits && !(sentenceEnds && turn);
    }
    breaks[i] = !goesOn;
    if (!goesOn) open = quoted = false;
  }
  return breaks;
}

/** Joins the visual lines of one paragraph: a space between words, none after a dash or a word hyphen. */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) out = line;
    else if (DASH_END.test(out) || (HYPHEN_END.test(out) && /^\p{Ll}/u.test(line))) out += line;
    else out += ` ${line}`;
  }
  return out;
}

/**
 * Paragraphs of a list of lines (blank lines end paragraphs): wrapped visual lines are joined,
 * lines that are paragraphs of their own stay as they are.
 */
export function reflowParagraphs(lines: readonly string[]): string[] {
  const layout = wrapLayout(lines);
  if (!layout) return lines.map((l) => l.trim()).filter((l) => l.length > 0);
  const breaks = paragraphBreaks(lines, layout);
  const out: string[] = [];
  let group: string[] = [];
  lines.forEach((line, i) => {
    if (line.trim()) group.push(line);
    if (breaks[i] && group.length) {
      out.push(joinLines(group));
      group = [];
    }
  });
  if (group.length) out.push(joinLines(group));
  return out;
}
