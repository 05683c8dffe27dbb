// Finds every quoted passage of a text as Quote spans (offsets of the words inside the marks).
import type { Quote } from '@castbook/contracts';
import { splitParagraphs, type Paragraph } from './paragraphs.js';
import { SPEECH_VERBS } from '../characters/lexicon.js';

export type QuoteStyle = 'double' | 'single' | 'dash';
type Style = QuoteStyle;

const SPACE = /\s/;
const WORD = /[\p{L}\p{N}]/u;
// Elisions that begin with an apostrophe and must not open a single-quoted passage.
const LEADING_ELISIONS =
  /^(em|tis|twas|twere|twill|twould|cause|cos|til|till|n|ave|ere|im|er|is|e|ow|ope|alf|and|appen|ome|ouse|ud|un|s|t|d|ll|re|ve|m|nt|bout|gainst|mongst|neath|pon|prentice|taint|spect|scuse|fore|kin|most)\b/i;

/** A dash that sets dialogue (`— Come in,`): em dash, horizontal bar, or two hyphens. */
const DIALOGUE_DASH = /^(?:\u2014|\u2015|--)/;

/**
 * Decides whether dialogue is set in double quotes (American, most e-texts; guillemets count with
 * them), single (British), or
 * opened by a dash at the paragraph's start with no quotation marks (`— Come in, — said Orla.`:
 * translations from French, Russian or Spanish, and some English novels).
 */
export function detectQuoteStyle(text: string, paragraphs: readonly Paragraph[]): Style {
  let double = 0;
  let singleOpen = 0;
  let dash = 0;
  for (const p of paragraphs) {
    const opening = paragraphOpening(text, p);
    if (opening === 'double') double++;
    else if (opening === 'single') singleOpen++;
    else if (opening === 'dash') dash++;
  }
  if (dash >= 5 && dash > 3 * (double + singleOpen)) return 'dash';
  return singleOpen > double * 2 && singleOpen >= 3 ? 'single' : 'double';
}

/** The dialogue mark a paragraph opens with, if any (an elision such as `'Tis` is none). */
export function paragraphOpening(text: string, p: Paragraph): Style | null {
  const c = text[p.start];
  if (c === '"' || c === '\u201c' || c === '\u00ab') return 'double';
  if ((c === "'" || c === '\u2018') && WORD.test(text[p.start + 1] ?? ''))
    return LEADING_ELISIONS.test(text.slice(p.start + 1, p.start + 12)) ? null : 'single';
  return DIALOGUE_DASH.test(text.slice(p.start, p.start + 2)) ? 'dash' : null;
}

/** Words after a dash within which a speech verb makes what follows a tag (`— said Orla`, `— Orla said`). */
const TAG_WORDS = 4;

/**
 * Whether the dash at `i` (`width` long) inside dash-set speech hands over to narration: it follows
 * the speech's own punctuation (`Twice, — said Selwyn`, `Come in. — Orla sat down.`, `— broke in
 * Tam`), or a speech tag follows it (a speech verb within a few words: `Well — said Orla`). A dash
 * that breaks off a sentence (`I was going to — no.`) is the speaker's.
 */
function narrationFollows(text: string, i: number, width: number, end: number): boolean {
  if (/[.!?,;:…]\s*$/.test(text.slice(Math.max(0, i - 3), i))) return true;
  const words = text.slice(i + width, Math.min(end, i + width + 60)).match(/\p{L}+/gu) ?? [];
  return words.slice(0, TAG_WORDS).some((w) => SPEECH_VERBS.has(w.toLowerCase()));
}

/**
 * Where narration opens speech with a dash inside a paragraph: after a lead-in (`Orla said: — Come
 * in.`) or a sentence (`She looked up. — Come in.`); a dash inside a narration sentence is its own.
 */
const LEAD_IN = /[,:;.!?…]\s*$/;

/**
 * Dash-set dialogue: a paragraph opening with a dash is speech to its end, except where a dash
 * opens narration, such as a speech tag (`— Hello, — said Orla. — How are you?`): the speech stops there and picks
 * up at the next dash. A dash inside speech that no narration follows (`I was going to — no.`) is
 * the speaker's own. A paragraph of narration holds speech only after a lead-in (`Orla said: —`).
 */
function dashMarksOf(text: string, p: Paragraph): Mark[] {
  const lead = DIALOGUE_DASH.exec(text.slice(p.start, p.start + 2));
  const marks: Mark[] = lead ? [{ pos: p.start, open: true, close: false, width: lead[0].length }] : [];
  for (let i = p.start + (lead?.[0].length ?? 0); i < p.end; i++) {
    const c = text[i];
    if (c !== '\u2014' && c !== '\u2015' && !(c === '-' && text[i + 1] === '-')) continue;
    const width = c === '-' ? 2 : 1;
    // In a paragraph of narration, only a lead-in opens speech; a dash there is otherwise the narrator's.
    const open = marks.length > 0 || LEAD_IN.test(text.slice(Math.max(p.start, i - 3), i));
    if (open) marks.push({ pos: i, open: true, close: narrationFollows(text, i, width, p.end), width });
    i += width - 1;
  }
  return marks;
}

interface Mark {
  pos: number;
  open: boolean;
  close: boolean;
  /** Characters the mark takes (2 for a `--` dash); 1 when absent. */
  width?: number;
}

// Emphasis markup around a quotation (`_"Now I am," said Pooh._`, `*"Hush!"*`) stands outside its marks.
const EMPHASIS = /[_*]/;

function isOpenContext(text: string, i: number, start: number): boolean {
  let b = i - 1;
  while (b >= start && EMPHASIS.test(text[b]!)) b--;
  const prev = b >= start ? text[b] : ' ';
  const next = text[i + 1] ?? ' ';
  return (SPACE.test(prev!) || /[([{\u2014\-:;,]/.test(prev!)) && !SPACE.test(next);
}

function isCloseContext(text: string, i: number, end: number): boolean {
  const prev = text[i - 1] ?? ' ';
  let a = i + 1;
  while (a < end && EMPHASIS.test(text[a]!)) a++;
  const next = a < end ? text[a] : ' ';
  return !SPACE.test(prev) && (SPACE.test(next!) || /[)\]}\u2014\-.,;:!?'"\u2019\u201d]/.test(next!));
}

/** Quote marks of one paragraph for the chosen style, with the roles each may play. */
function marksOf(text: string, p: Paragraph, style: Style): Mark[] {
  const marks: Mark[] = [];
  for (let i = p.start; i < p.end; i++) {
    const c = text[i];
    if (style === 'double') {
      // Guillemets (« Come in, » said Orla) pair like curly quotes.
      if (c === '\u201c' || c === '\u00ab') marks.push({ pos: i, open: true, close: false });
      else if (c === '\u201d' || c === '\u00bb') marks.push({ pos: i, open: false, close: true });
      else if (c === '"') {
        // A mark with space on both sides (`"I should like " faltered the child`, where a dash was
        // lost before it) may open or close: the pairing decides by whether a quote is open.
        const bare = i > p.start && SPACE.test(text[i - 1]!) && SPACE.test(text[i + 1] ?? ' ');
        marks.push({
          // A mark opening a paragraph always opens, even when a lost inner mark left a space after it.
          open: i === p.start || bare || isOpenContext(text, i, p.start),
          close: i !== p.start && (bare || isCloseContext(text, i, p.end)),
          pos: i,
        });
      }
    } else if (c === '\u2018') {
      marks.push({ pos: i, open: true, close: false });
    } else if (c === "'" || c === '\u2019') {
      const prev = i > p.start ? text[i - 1] : ' ';
      const next = text[i + 1] ?? ' ';
      // An apostrophe inside a word (don't, o'clock) is never a quote mark.
      if (WORD.test(prev!) && WORD.test(next)) continue;
      let open = c === "'" && isOpenContext(text, i, p.start);
      if (open && LEADING_ELISIONS.test(text.slice(i + 1, i + 12))) open = false;
      let close = isCloseContext(text, i, p.end);
      // "the boys' dog": a plural possessive is followed by a lower-case word, a closing mark rarely is.
      if (close && prev === 's' && /^\s+[a-z]/.test(text.slice(i + 1, i + 4)) && !/[.,!?]/.test(prev)) close = false;
      if (open || close) marks.push({ pos: i, open, close });
    }
  }
  return marks;
}

interface Span {
  start: number;
  end: number;
}

function trimSpan(text: string, start: number, end: number): Span {
  while (start < end && SPACE.test(text[start]!)) start++;
  while (end > start && SPACE.test(text[end - 1]!)) end--;
  return { start, end };
}

/** Pairs the marks of one paragraph; returns spans and whether a quote is left open at its end. */
function spansOf(text: string, p: Paragraph, style: Style): { spans: Span[]; openAtEnd: boolean } {
  const spans: Span[] = [];
  let openAt = -1;
  for (const m of style === 'dash' ? dashMarksOf(text, p) : marksOf(text, p, style)) {
    if (openAt < 0) {
      // A straight mark that could only close is noise (a stray or a missing opener); skip it.
      if (m.open) openAt = m.pos + (m.width ?? 1);
    } else if (m.close) {
      spans.push({ start: openAt, end: m.pos });
      openAt = -1;
    } else if (m.open && style === 'double' && text[m.pos] === '"') {
      // Two openers in a row: the first quote lost its closing mark; close it here.
      spans.push({ start: openAt, end: m.pos });
      openAt = m.pos + 1;
    }
  }
  if (openAt >= 0) spans.push({ start: openAt, end: p.end });
  return { spans, openAtEnd: openAt >= 0 };
}

const SPEECH_AFTER =
  /^[\s,.!?;:\u2014-]*(?:said|says|cried|asked|replied|answered|exclaimed|continued|added|returned|observed|whispered|shouted|called|thought|remarked|inquired|began|went on|he|she|I|they)\b/;
const SPEECH_BEFORE =
  /\b(?:said|say|says|saying|cried|asked|replied|answered|exclaimed|added|whispered|shouted|called|out|thought|screamed|sleep|sang|singing|began|muttered|repeated)$/;
const MAX_SCARE_WORDS = 5;

/**
 * A short quoted phrase inside a narrative sentence ("was sowing his late turnip", the "Avenue.")
 * marks a term, not speech: it follows a word rather than punctuation and has no speech tag.
 */
function isScareQuote(text: string, start: number, end: number, p: { start: number }): boolean {
  let words = 0;
  for (let i = start; i < end; i++) if (text[i] === ' ' || text[i] === '\n') words++;
  if (words >= MAX_SCARE_WORDS) return false;
  let b = start - 2;
  while (b >= p.start && /\s/.test(text[b]!)) b--;
  if (b < p.start) return false;
  if (!WORD.test(text[b]!)) return false;
  // Exclamations and questions are speech even when run into the sentence (called out "The Queen").
  if (/[!?]/.test(text.slice(end - 2, end + 1))) return false;
  const before = text.slice(Math.max(p.start, b - 20), b + 1);
  if (SPEECH_BEFORE.test(before)) return false;
  const after = text.slice(end + 1, end + 40);
  return !SPEECH_AFTER.test(after);
}

/**
 * Appends the quoted passages of `paragraphs` (in order) to `out`, numbering on from its length.
 * findQuotes is this over all paragraphs; analysis jobs call it a chunk's paragraphs at a time.
 */
export function quotesOfParagraphs(text: string, paragraphs: readonly Paragraph[], style: Style, out: Quote[]): void {
  for (const p of paragraphs) {
    for (const s of spansOf(text, p, style).spans) {
      const { start, end } = trimSpan(text, s.start, s.end);
      if (end <= start || isScareQuote(text, start, end, p)) continue;
      out.push({
        id: `q${out.length + 1}`,
        text: text.slice(start, end),
        startOffset: start,
        endOffset: end,
        speakerId: null,
        confidence: 0,
        attributionMethod: 'none',
      });
    }
  }
}

/** Every quoted passage. Quotes that run over paragraphs give one Quote per paragraph. */
export function findQuotes(text: string): Quote[] {
  const paragraphs = splitParagraphs(text);
  const quotes: Quote[] = [];
  quotesOfParagraphs(text, paragraphs, detectQuoteStyle(text, paragraphs), quotes);
  return quotes;
}
