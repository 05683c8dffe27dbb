// Finds the speeches of a script: each speaker label and the words spoken under it, as spans of
// the text (offsets into the text as stored, like quotes). Directions inside a speech, a line or a
// bracketed aside (`(beat)`, `[Aside]`), are not speech: they split it into parts.
import type { OutlineItem } from '@castbook/contracts';
import { readLabel } from './labels.js';

export interface Speech {
  name: string;
  /** The spoken words: one or more spans, directions between them left out. */
  parts: { start: number; end: number }[];
}

interface Line {
  start: number;
  end: number;
  text: string;
}

/** The text's lines one at a time (without their line break), none held. */
function* eachLine(text: string): Generator<Line> {
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const stop = end > start && text[end - 1] === '\r' ? end - 1 : end;
    yield { start, end: stop, text: text.slice(start, stop) };
    start = end + 1;
  }
}

/** Lines of the text that open with a speaker label, counted up to `enough`, without holding the lines. */
export function labelledLines(text: string, enough: number): number {
  let n = 0;
  for (const line of eachLine(text)) {
    if (n >= enough) break;
    if (readLabel(line.text)) n++;
  }
  return n;
}

/** How many speeches each label has, by the label's name in any case. */
export function speechesPerLabel(speeches: readonly Speech[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const s of speeches) count.set(labelKey(s), (count.get(labelKey(s)) ?? 0) + 1);
  return count;
}

/** One character per label: `ORLA` and `Orla` are one. */
export const labelKey = (s: Speech) => s.name.toLowerCase();

const isBlank = (l: Line) => l.text.trim() === '';
/** A line that is all direction: `(She turns away.)`, `[Exit.]`. */
const isDirectionLine = (l: Line) => /^\s*(\([^)]*\)|\[[^\]]*\])\s*$/.test(l.text);
/** A bracketed direction inside a line of speech. */
const INLINE_DIRECTION = /\([^()\n]*\)|\[[^[\]\n]*\]/g;

/**
 * Whether a speech runs on to the next line of its block. In a script that sets speeches apart by
 * blank lines, a block is one speech; in one that does not, a line that ends a sentence ends the
 * speech (the next line, not labelled, is a direction: `Selwyn climbs the stair.`).
 */
function runsOn(prev: Line, blockLayout: boolean): boolean {
  return blockLayout || !/[.!?…'"”’)\]]\s*$/.test(prev.text);
}

const normalised = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s.:]+/g, ' ')
    .trim();

/** The headings' titles, for telling `SCENE 2. THE GALLERY` on two lines from a cue and its speech. */
function headingTitles(outline: readonly OutlineItem[], out: string[] = []): string[] {
  for (const item of outline) {
    out.push(normalised(item.title));
    headingTitles(item.children, out);
  }
  return out;
}

/** A line that is (a part of) a heading: the whole title, or its first or last words. */
function isHeadingLine(line: string, titles: readonly string[]): boolean {
  const l = normalised(line);
  return titles.some((t) => t === l || t.startsWith(l + ' ') || t.endsWith(' ' + l));
}

/** The speeches of `text` (whose outline is `outline`), in order; empty when it has no speaker labels. */
export function findSpeeches(text: string, outline: readonly OutlineItem[] = []): Speech[] {
  const lines = [...eachLine(text)];
  const titles = headingTitles(outline);
  const labels = lines.map((l) => {
    const label = readLabel(l.text);
    return label && !(titles.length > 0 && isHeadingLine(l.text, titles)) ? label : null;
  });
  // Layouts: do speeches end at a blank line (most scripts), and do cues hold their speech on the
  // very next line (screenplays, most plays) or after a blank line?
  let blankAfter = 0;
  let labelled = 0;
  let tightCues = 0;
  let looseCues = 0;
  for (let i = 0; i < lines.length; i++) {
    const label = labels[i];
    if (!label) continue;
    labelled++;
    let j = i + 1;
    while (j < lines.length && !isBlank(lines[j]!) && !labels[j]) j++;
    if (j >= lines.length || isBlank(lines[j]!)) blankAfter++;
    if (label.speechAt === null) {
      if (i + 1 < lines.length && !isBlank(lines[i + 1]!) && !labels[i + 1]) tightCues++;
      else looseCues++;
    }
  }
  const blockLayout = blankAfter * 2 > labelled;
  const cuesTight = tightCues >= looseCues;

  const speeches: Speech[] = [];
  for (let i = 0; i < lines.length; i++) {
    const label = labels[i];
    if (!label) continue;
    const speechLines: { start: number; end: number }[] = [];
    let j = i + 1;
    if (label.speechAt !== null) {
      speechLines.push({ start: lines[i]!.start + label.speechAt, end: lines[i]!.end });
    } else if (cuesTight) {
      if (j >= lines.length || isBlank(lines[j]!) || labels[j]) continue;
    } else {
      // A cue, a blank line, then the speech's block (past a direction set apart too: `(beat)`).
      while (j < lines.length && (isBlank(lines[j]!) || isDirectionLine(lines[j]!))) j++;
      if (j >= lines.length || labels[j]) continue;
      speechLines.push({ start: lines[j]!.start, end: lines[j]!.end });
      j++;
    }
    // The speech runs over the following lines of its block, past whole-line directions.
    for (; j < lines.length && !isBlank(lines[j]!) && !labels[j]; j++) {
      if (isDirectionLine(lines[j]!)) continue;
      if (speechLines.length > 0 && !runsOn(lines[j - 1]!, blockLayout)) break;
      speechLines.push({ start: lines[j]!.start, end: lines[j]!.end });
    }
    const parts = spokenParts(text, speechLines);
    if (parts.length > 0) speeches.push({ name: label.name, parts });
    i = j - 1;
  }
  // Before the first act or scene heading stand the title page and the cast list
  // (`ORLA. Keeper of the light.`), not the play.
  const opening = outline[0]?.startOffset ?? 0;
  return withoutFrontMatter(speeches.filter((s) => s.parts[0]!.start >= opening));
}

/** The speech lines as spans without bracketed directions, consecutive lines joined into one span. */
function spokenParts(text: string, lines: { start: number; end: number }[]): { start: number; end: number }[] {
  const cuts: { start: number; end: number }[] = [];
  for (const line of lines) {
    let from = line.start;
    const body = text.slice(line.start, line.end);
    for (const m of body.matchAll(INLINE_DIRECTION)) {
      cuts.push({ start: from, end: line.start + m.index });
      from = line.start + m.index + m[0].length;
    }
    cuts.push({ start: from, end: line.end });
  }
  // Join pieces separated only by line breaks; trim; keep pieces with words in them.
  const parts: { start: number; end: number }[] = [];
  for (const c of cuts) {
    let { start, end } = c;
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (!/[\p{L}\p{N}]/u.test(text.slice(start, end))) continue;
    const last = parts.at(-1);
    if (last && /^\s*$/.test(text.slice(last.end, start))) last.end = end;
    else parts.push({ start, end });
  }
  return parts;
}

/**
 * Title pages and cast lists come before the play: a capitalised title over a subtitle reads like
 * a cue and its speech. So speeches before the first label that speaks twice count only when their
 * label speaks again later.
 */
function withoutFrontMatter(speeches: Speech[]): Speech[] {
  const count = speechesPerLabel(speeches);
  const first = speeches.findIndex((s) => count.get(labelKey(s))! > 1);
  if (first < 0) return speeches;
  return speeches.filter((s, k) => k >= first || count.get(labelKey(s))! > 1);
}
