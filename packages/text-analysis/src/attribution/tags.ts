// Speech tags next to a quotation: `"…," said Orla`, `Orla said, "…"`, `"…," he replied`.
import { SPEECH_VERBS } from '../characters/lexicon.js';
import type { Token, TokenList } from '../characters/tokens.js';
import type { Mention } from './mentions.js';

export type TagSubject =
  | { kind: 'name'; char: number; mention: Mention }
  | { kind: 'pronoun'; pronoun: 'he' | 'she' | 'i'; at: number }
  /** Someone not known by name ("said the cook", "her sister said"). */
  | { kind: 'other'; noun: string; at: number };

export interface Tag {
  subject: TagSubject;
  /** Where the tag sits relative to its quote. */
  side: 'after' | 'before';
}

const PRONOUNS = new Set(['he', 'she', 'i']);
/** How many narration words after a quote may separate it from its tag. */
const AFTER_WINDOW = 6;
const BEFORE_WINDOW = 10;
/** How far back from its verb a tag before a quote looks for the sentence's subject. */
const SUBJECT_REACH = 16;

function isVerb(t: Token | undefined): boolean {
  return !!t && !t.cap && SPEECH_VERBS.has(t.text);
}

/** Right after a quote, any past-tense verb next to a name is a tag: `" corroborated Tamsin`. */
function isPastVerb(t: Token | undefined): boolean {
  return !!t && !t.cap && t.text.length > 3 && t.text.endsWith('ed');
}

function isAdverb(t: Token | undefined): boolean {
  return !!t && !t.cap && t.text.length > 3 && t.text.endsWith('ly');
}

export interface TagContext {
  tokens: TokenList;
  /** Mention starting at a token index. */
  mentionAt: Map<number, Mention>;
  text: string;
}

/** The subject at token i: a character mention (skipping "the"), or a pronoun. */
function subjectAt(ctx: TagContext, i: number, lo: number, hi: number): TagSubject | null {
  if (i < lo || i >= hi) return null;
  const t = ctx.tokens.at(i);
  let m = ctx.mentionAt.get(i);
  // "the Ferryman", "the Grey Fox": an article and one capitalised word may precede the name.
  if (!m && t!.text.toLowerCase() === 'the')
    m = ctx.mentionAt.get(i + 1) ?? (ctx.tokens.at(i + 1)?.cap ? ctx.mentionAt.get(i + 2) : undefined);
  if (m && m.endToken <= hi) return { kind: 'name', char: m.char, mention: m };
  const w = t!.text === 'I' ? 'i' : t!.text.toLowerCase();
  if (PRONOUNS.has(w) && (w !== 'i' || t!.text === 'I'))
    return { kind: 'pronoun', pronoun: w as 'he' | 'she' | 'i', at: t!.start };
  return null;
}

/** A sentence boundary between two tokens ends the tag's reach. */
function sentenceBreak(ctx: TagContext, a: number, b: number): boolean {
  const gap = ctx.text.slice(ctx.tokens.at(a)!.end, ctx.tokens.at(b)!.start);
  return /[.!?;]\s/.test(gap) && !/^(Mr|Mrs|Dr|St|Ms)$/.test(ctx.tokens.at(a)!.text);
}

/** Tag in the narration tokens [lo, hi) that follow a quote. */
export function tagAfter(ctx: TagContext, lo: number, hi: number): Tag | null {
  const end = Math.min(hi, lo + AFTER_WINDOW);
  const tk = ctx.tokens;
  for (let i = lo; i < end; i++) {
    if (i > lo && sentenceBreak(ctx, i - 1, i)) break;
    if (i === lo && isPastVerb(tk.at(i)) && !isVerb(tk.at(i))) {
      const s = subjectAt(ctx, i + 1, lo, hi);
      if (s && s.kind === 'name') return { subject: s, side: 'after' };
    }
    if (i === lo + 1 && isPastVerb(tk.at(i)) && !isVerb(tk.at(i))) {
      const m = ctx.mentionAt.get(lo);
      if (m && m.endToken === i) return { subject: { kind: 'name', char: m.char, mention: m }, side: 'after' };
    }
    if (isVerb(tk.at(i))) {
      // "said Orla", "said the Ferryman", "said he", "said I", "said Mr. Ashcombe coolly"
      const s = subjectAt(ctx, i + 1, lo, hi);
      if (s) return { subject: s, side: 'after' };
      // "Orla said", "he said", "Orla quietly said"
      const before = isAdverb(tk.at(i - 1)) ? i - 2 : i - 1;
      for (let j = before; j >= lo; j--) {
        const m = ctx.mentionAt.get(j);
        if (m && m.endToken === before + 1)
          return { subject: { kind: 'name', char: m.char, mention: m }, side: 'after' };
      }
      const p = subjectAt(ctx, before, lo, hi);
      if (p && p.kind === 'pronoun') return { subject: p, side: 'after' };
      const noun = descriptionAfter(tk, i + 1, hi) ?? descriptionBefore(tk, before, lo);
      if (noun) return { subject: { kind: 'other', noun: noun.text, at: noun.start }, side: 'after' };
      return null;
    }
  }
  return null;
}

const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'her',
  'his',
  'their',
  'my',
  'our',
  'your',
  'one',
  'another',
  'some',
  'several',
]);

/** "said the old gentleman": a lower-case noun phrase (its last word, the noun, is returned). */
function descriptionAfter(tk: TokenList, i: number, hi: number): Token | null {
  const d = tk.at(i);
  if (!d || d.cap || !DETERMINERS.has(d.text)) return null;
  let k = i + 1;
  // Up to two adjectives: "the old gentleman", "the poor little child".
  while (k < hi && k < i + 4 && !tk.at(k)!.cap && tk.at(k)!.joined && !SPEECH_VERBS.has(tk.at(k)!.text)) k++;
  return k > i + 1 ? tk.at(k - 1)! : null;
}

/** "the cook said": the word before the verb is a lower-case noun after a determiner. */
function descriptionBefore(tk: TokenList, i: number, lo: number): Token | null {
  const n = tk.at(i);
  const d = tk.at(i - 1);
  return i - 1 >= lo && !!n && !!d && !n.cap && DETERMINERS.has(d.text.toLowerCase()) && n.joined ? n : null;
}

/** Tag in the narration tokens [lo, hi) that precede a quote: `Orla said, "…"`. */
export function tagBefore(ctx: TagContext, lo: number, hi: number): Tag | null {
  const start = Math.max(lo, hi - BEFORE_WINDOW);
  const tk = ctx.tokens;
  for (let i = hi - 1; i >= start; i--) {
    if (i < hi - 1 && sentenceBreak(ctx, i, i + 1)) break;
    if (!isVerb(tk.at(i))) continue;
    const s = subjectAt(ctx, i + 1, lo, hi);
    if (s) return { subject: s, side: 'before' };
    const before = isAdverb(tk.at(i - 1)) ? i - 2 : i - 1;
    for (let j = before; j >= Math.max(lo, before - 4); j--) {
      const m = ctx.mentionAt.get(j);
      if (m && m.endToken === before + 1)
        return { subject: { kind: 'name', char: m.char, mention: m }, side: 'before' };
    }
    const p = subjectAt(ctx, before, lo, hi);
    if (p && p.kind === 'pronoun') return { subject: p, side: 'before' };
    // "Margaret coloured, and said--": the subject opens the sentence.
    for (let j = before; j >= Math.max(lo, i - SUBJECT_REACH); j--) {
      if (j < before && sentenceBreak(ctx, j, j + 1)) break;
      const q = subjectAt(ctx, j, lo, hi);
      if (q && q.kind !== 'other' && (j === lo || ctx.tokens.at(j)!.initial || sentenceBreak(ctx, j - 1, j)))
        return { subject: q, side: 'before' };
    }
    return null;
  }
  return null;
}
