// Recognises heading lines: "CHAPTER I.", "Chapter One", "BOOK II", "PREFACE", "## Part 2",
// numbers alone on a line, and the titles written after them on the same or the next line.
import type { OutlineType } from '@castbook/contracts';
import { isBlank, type Line } from './lines.js';
import { NUMBER_SOURCE, numberValue } from './numbers.js';
import { cleanTitle, isAllCaps, joinTitle, looksLikeTitle } from './titles.js';

export type HeadingKind = 'keyword' | 'matter' | 'markdown' | 'numbered' | 'slugline';

export interface Heading {
  type: OutlineType;
  kind: HeadingKind;
  /** Offset of the heading's first character. */
  start: number;
  firstLine: number;
  /** Last line of the heading, including title lines. */
  lastLine: number;
  title: string;
  /** The heading's number (1 for "Chapter I"), when it has one. */
  number: number | null;
  /** For markdown headings: the number of '#'. */
  depth?: number;
  /** Markdown headings whose type is decided from their depth by the caller. */
  untyped?: boolean;
}

export interface ScanResult {
  headings: Heading[];
  /** Lines that say "Contents": a table of contents follows. */
  contentsLines: number[];
}

const KEYWORD_TYPES: Record<string, { type: OutlineType; display: string }> = {
  series: { type: 'series', display: 'Series' },
  saga: { type: 'saga', display: 'Saga' },
  collection: { type: 'collection', display: 'Collection' },
  anthology: { type: 'anthology', display: 'Anthology' },
  omnibus: { type: 'omnibus', display: 'Omnibus' },
  volume: { type: 'volume', display: 'Volume' },
  vol: { type: 'volume', display: 'Volume' },
  book: { type: 'book', display: 'Book' },
  part: { type: 'part', display: 'Part' },
  act: { type: 'act', display: 'Act' },
  section: { type: 'section', display: 'Section' },
  chapter: { type: 'chapter', display: 'Chapter' },
  chap: { type: 'chapter', display: 'Chapter' },
  // Chapter-like units of letters, poems and carols.
  letter: { type: 'chapter', display: 'Letter' },
  canto: { type: 'chapter', display: 'Canto' },
  stave: { type: 'chapter', display: 'Stave' },
  episode: { type: 'episode', display: 'Episode' },
  scene: { type: 'scene', display: 'Scene' },
  subsection: { type: 'subsection', display: 'Subsection' },
};
const KW = Object.keys(KEYWORD_TYPES).join('|');
const KEYWORD_LINE = new RegExp(`^(${KW})\\.?\\s+(${NUMBER_SOURCE})(?![\\p{L}\\d])(.*)$`, 'iu');
const KEYWORD_ALONE = new RegExp(`^(${KW})\\.?$`, 'iu');
const NUMBER_LINE = new RegExp(`^(${NUMBER_SOURCE})(?![\\p{L}\\d])(.*)$`, 'iu');

const MATTER_WORDS: Record<string, OutlineType> = {
  prologue: 'prologue',
  prolog: 'prologue',
  epilogue: 'epilogue',
  epilog: 'epilogue',
  introduction: 'introduction',
  preface: 'preface',
  foreword: 'foreword',
  'fore-word': 'foreword',
  afterword: 'afterword',
  'after-word': 'afterword',
  appendix: 'appendix',
  glossary: 'glossary',
  index: 'index',
  conclusion: 'conclusion',
};
const MATTER_LINE = new RegExp(
  `^(?:(?:the|an?|author'?s|authors'|translator'?s|editor'?s|publisher'?s)\\s+)?(${Object.keys(MATTER_WORDS).join('|')})(?![\\p{L}-])\\.?(.*)$`,
  'iu',
);
/** A screenplay's scene heading: `INT. LIGHTHOUSE KITCHEN - NIGHT`, `EXT./INT. GALLERY`, `I/E. CAR`. */
const SLUGLINE = /^(?:INT|EXT|INT\.?\s*\/\s*EXT|EXT\.?\s*\/\s*INT|I\/E)\.?\s+[^\p{Ll}]{2,100}$/u;
const MARKDOWN_LINE = /^(#{1,6})\s+(.+?)(?:\s+#+)?$/;
const NUMBERED_LINE = /^(\d{1,3}|[IVXLC]{1,8})\.?$/;
const NUMBERED_TITLE_LINE = /^(\d{1,3}|[IVXLC]{1,8})\.\s+(\S.{0,78})$/;
const CONTENTS_LINE = /^(?:table\s+of\s+)?contents[.:]?$/i;
const SEPARATOR_REST = /^\s*[.:;,)\]\u2014\u2013-]+\s*(.*)$/u;

const startsUpper = (s: string) => /^\p{Lu}/u.test(s);

/** What follows a heading's number: nothing, a separator and a title, or a capitalised title. */
function parseRest(rest: string): string | null {
  if (rest.trim() === '') return '';
  const sep = SEPARATOR_REST.exec(rest);
  if (sep) return sep[1]!.trim();
  const spaced = /^\s+(\S.*)$/u.exec(rest);
  if (spaced && /^[\p{Lu}\d"'\u201c\u2018(]/u.test(spaced[1]!)) return spaced[1]!.trim();
  return null;
}

interface Parsed {
  type: OutlineType;
  kind: HeadingKind;
  head: string;
  title: string;
  number: number | null;
  /** The heading's number is on the next line ("CHAPTER\n 10"). */
  numberOnNextLine?: boolean;
  depth?: number;
  untyped?: boolean;
}

/** "I" -> "I", "ONE" -> "One", "THE FIRST" -> "the First", "twenty-one" unchanged. */
function displayNumber(raw: string): string {
  const n = raw.trim().replace(/\s+/g, ' ');
  if (/^[IVXLCDM]+$/i.test(n) && numberValue(n) !== null) return n.toUpperCase();
  if (!isAllCaps(n)) return n;
  return n
    .toLowerCase()
    .split(' ')
    .map((w) => (w === 'the' ? w : w.replace(/(^|-)(\p{Ll})/gu, (_m, p: string, c: string) => p + c.toUpperCase())))
    .join(' ');
}

function parseKeyword(s: string): Parsed | null {
  const m = KEYWORD_LINE.exec(s);
  if (!m || !startsUpper(m[1]!)) return null;
  const value = numberValue(m[2]!);
  if (value === null) return null;
  const title = parseRest(m[3]!);
  if (title === null || title.length > 120) return null;
  const kw = KEYWORD_TYPES[m[1]!.toLowerCase()]!;
  return { type: kw.type, kind: 'keyword', head: `${kw.display} ${displayNumber(m[2]!)}`, title, number: value };
}

function parseMatter(s: string): Parsed | null {
  const m = MATTER_LINE.exec(s);
  if (!m || !startsUpper(s) || s.length > 80) return null;
  const type = MATTER_WORDS[m[1]!.toLowerCase()]!;
  const rest = m[2]!;
  const sep = SEPARATOR_REST.exec(rest);
  if (rest.trim() === '' || /^\s+[A-Z\d]{1,4}\.?$/.test(rest))
    return { type, kind: 'matter', head: cleanTitle(s), title: '', number: null };
  if (sep && sep[1] && startsUpper(sep[1])) {
    const head = cleanTitle(s.slice(0, s.length - rest.length));
    return { type, kind: 'matter', head, title: sep[1].trim(), number: null };
  }
  // "PREFACE TO THE SECOND EDITION", "Introduction to the Reader": one short title-like line.
  if (s.length <= 60 && !/[.!?;,]\s/.test(s) && (isAllCaps(s) || looksLikeTitle(s)) && /^\s+\p{L}/u.test(rest))
    return { type, kind: 'matter', head: cleanTitle(s), title: '', number: null };
  return null;
}

function parseMarkdown(s: string): Parsed | null {
  const m = MARKDOWN_LINE.exec(s);
  if (!m) return null;
  const inner = m[2]!.trim();
  const depth = m[1]!.length;
  const typed = parseKeyword(inner) ?? parseMatter(inner);
  if (typed) return { ...typed, kind: 'markdown', depth };
  return { type: 'chapter', kind: 'markdown', head: cleanTitle(inner), title: '', number: null, depth, untyped: true };
}

function parseNumbered(s: string): Parsed | null {
  const alone = NUMBERED_LINE.exec(s);
  const titled = alone ? null : NUMBERED_TITLE_LINE.exec(s);
  const raw = (alone ?? titled)?.[1];
  if (!raw) return null;
  const value = numberValue(raw);
  if (value === null || value === 0) return null;
  if (titled && !looksLikeTitle(titled[2]!)) return null;
  return { type: 'chapter', kind: 'numbered', head: `Chapter ${raw}`, title: titled?.[2] ?? '', number: value };
}

function parseSlugline(s: string): Parsed | null {
  return SLUGLINE.test(s) ? { type: 'scene', kind: 'slugline', head: s.trim(), title: '', number: null } : null;
}

/** Parses a line that is, on its own, a heading. */
function parseLine(s: string): Parsed | null {
  if (!s) return null;
  return parseMarkdown(s) ?? parseKeyword(s) ?? parseMatter(s) ?? parseNumbered(s) ?? parseSlugline(s);
}

/** True for a line that is a heading by itself, so it is never taken as another heading's title. */
export function isHeadingLine(s: string): boolean {
  return parseLine(s) !== null || KEYWORD_ALONE.test(s) || CONTENTS_LINE.test(s);
}

export class HeadingScanner {
  private readonly lines: Line[];
  /** Paragraphs are separated by blank lines (most books); otherwise each line is a paragraph. */
  private readonly blankMode: boolean;

  constructor(lines: Line[]) {
    this.lines = lines;
    const blank = lines.filter((l) => l.length === 0).length;
    this.blankMode = blank >= 0.02 * (lines.length - blank);
  }

  scan(): ScanResult {
    const headings: Heading[] = [];
    const contentsLines: number[] = [];
    const { lines } = this;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (!line.text || !this.startsParagraph(i)) continue;
      if (CONTENTS_LINE.test(line.text)) {
        contentsLines.push(i);
        continue;
      }
      const h = this.headingAt(i);
      if (h) {
        headings.push(h);
        i = h.lastLine;
      }
    }
    return { headings, contentsLines };
  }

  private startsParagraph(i: number): boolean {
    return !this.blankMode || i === 0 || isBlank(this.lines[i - 1]);
  }

  private headingAt(i: number): Heading | null {
    const s = this.lines[i]!.text;
    let parsed = parseLine(s);
    let numberLine = i;
    if (!parsed) {
      parsed = this.keywordWithNumberBelow(i);
      if (!parsed) return null;
      numberLine = this.nextNonBlank(i, 2);
    }
    const followedByBlank = isBlank(this.lines[numberLine + 1]);
    // A keyword heading with a title on its line that runs on into a paragraph is prose.
    if (parsed.title && !followedByBlank && this.blankMode && this.blockLength(numberLine + 1) > 3) return null;

    let lastLine = numberLine;
    let title = parsed.title;
    // A scene heading is whole on its line: the line below it is the scene's action.
    if (!title && parsed.kind !== 'slugline') {
      const below = this.titleBelow(numberLine);
      if (below) {
        title = below.title;
        lastLine = below.lastLine;
      }
    }
    // Weak headings (a word or a number alone) must stand apart from the prose around them.
    if (
      parsed.kind !== 'keyword' &&
      parsed.kind !== 'markdown' &&
      parsed.kind !== 'slugline' &&
      this.blankMode &&
      !isBlank(this.lines[lastLine + 1])
    )
      return null;
    const heading: Heading = {
      type: parsed.type,
      kind: parsed.kind,
      start: this.lines[i]!.contentStart,
      firstLine: i,
      lastLine,
      title: joinTitle(parsed.head, title),
      number: parsed.number,
    };
    if (parsed.depth !== undefined) heading.depth = parsed.depth;
    if (parsed.untyped) heading.untyped = true;
    return heading;
  }

  /** "CHAPTER" alone with its number on the next line. */
  private keywordWithNumberBelow(i: number): Parsed | null {
    const m = KEYWORD_ALONE.exec(this.lines[i]!.text);
    if (!m || !startsUpper(m[1]!)) return null;
    const j = this.nextNonBlank(i, 2);
    const n = j >= 0 ? NUMBER_LINE.exec(this.lines[j]!.text) : null;
    if (!n) return null;
    const value = numberValue(n[1]!);
    const title = parseRest(n[2]!);
    if (value === null || title === null) return null;
    const kw = KEYWORD_TYPES[m[1]!.toLowerCase()]!;
    return { type: kw.type, kind: 'keyword', head: `${kw.display} ${displayNumber(n[1]!)}`, title, number: value };
  }

  /** Index of the next non-blank line after i, skipping at most maxBlank blank lines; -1 if none. */
  private nextNonBlank(i: number, maxBlank: number): number {
    for (let j = i + 1, blanks = 0; j < this.lines.length; j++) {
      if (!isBlank(this.lines[j])) return j;
      if (++blanks > maxBlank) return -1;
    }
    return -1;
  }

  private blockLength(from: number): number {
    let n = 0;
    while (from + n < this.lines.length && !isBlank(this.lines[from + n]) && n < 10) n++;
    return n;
  }

  /**
   * A title on the lines right below a heading ("CHAPTER I.\nDown the Mill-Race"), or on a
   * single title-like line after a blank line.
   */
  private titleBelow(i: number): { title: string; lastLine: number } | null {
    const { lines } = this;
    const next = lines[i + 1];
    if (!isBlank(next)) {
      const n = this.blockLength(i + 1);
      const block = lines.slice(i + 1, i + 1 + n);
      const titleLike = (l: Line) =>
        l.text !== '' && l.length <= 100 && !isHeadingLine(l.text) && !/^\p{Ll}/u.test(l.text);
      if (this.blankMode && n <= 3 && block.every(titleLike))
        return { title: block.map((l) => l.text).join(' '), lastLine: i + n };
      if (!this.blankMode && next && titleLike(next) && looksLikeTitle(next.text)) {
        // Without blank lines a subtitle set in capitals may run over a few lines; prose never is.
        let last = i + 1;
        while (last - i < 3 && lines[last + 1] && titleLike(lines[last + 1]!) && isAllCaps(lines[last + 1]!.text))
          last++;
        if (last > i + 1 && !isAllCaps(next.text)) last = i + 1;
        return {
          title: lines
            .slice(i + 1, last + 1)
            .map((l) => l.text)
            .join(' '),
          lastLine: last,
        };
      }
      return null;
    }
    if (!this.blankMode) return null;
    const j = this.nextNonBlank(i, 3);
    if (j < 0) return null;
    const n = this.blockLength(j);
    if (!isBlank(lines[j + n])) return null;
    // One title-like line, or a few lines in capitals ("IN WHICH WE ARE INTRODUCED TO\n…").
    const block = lines.slice(j, j + n);
    const subtitle = (l: Line) => !!l.text && !isHeadingLine(l.text) && l.length <= 80;
    if (n === 1 && subtitle(block[0]!) && looksLikeTitle(block[0]!.text)) return { title: block[0]!.text, lastLine: j };
    if (n > 1 && n <= 4 && block.every((l) => subtitle(l) && isAllCaps(l.text)))
      return { title: block.map((l) => l.text).join(' '), lastLine: j + n - 1 };
    return null;
  }
}
