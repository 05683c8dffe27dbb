// Speech tags next to a quotation: `"…," said Orla`, `Orla said, "…"`, `"…," he replied`.
import { descriptionGender, isPlural } from '../characters/descriptions.js';
import { SPEECH_VERBS } from '../characters/lexicon.js';
import { ABBREVIATIONS, type Token, type TokenList } from '../characters/tokens.js';
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
  /**
   * Read from a past-tense verb outside the speech-verb lexicon (`" Mrs. Holt quavered`,
   * `" corroborated Tamsin`, `" she confided`): often an action, not a tag, so a name tag running
   * into the quote from before it wins (`Orla replied, "…" Selwyn complied.`).
   */
  loose?: true;
}

const PRONOUNS = new Set(['he', 'she', 'i']);
/** How many narration words after a quote may separate it from its tag. */
const AFTER_WINDOW = 6;
const BEFORE_WINDOW = 10;
/** How far back from its verb a tag before a quote looks for the sentence's subject. */
const SUBJECT_REACH = 16;

/** Verbs that speak with a particle: "put in Idris", "Wenna broke in", "the Footman went on". */
const PARTICLE_VERBS = new Set([
  'put',
  'broke',
  'cut',
  'chimed',
  'struck',
  'went',
  'burst',
  'spoke',
  'called',
  'cried',
]);
const PARTICLES = new Set(['in', 'on', 'out', 'up', 'forth']);

/** Last token of the speech verb starting at token i ("said", "broke in"), or -1. */
function verbEndAt(tk: TokenList, i: number): number {
  const t = tk.at(i);
  if (!t || t.cap) return -1;
  const next = tk.at(i + 1);
  if (PARTICLE_VERBS.has(t.text) && next && next.joined && PARTICLES.has(next.text)) return i + 1;
  return SPEECH_VERBS.has(t.text) ? i : -1;
}

/** First token of the speech verb ending at token i ("said", "broke in"), or -1. */
function verbStartAt(tk: TokenList, i: number): number {
  const t = tk.at(i);
  if (!t || t.cap) return -1;
  const prev = tk.at(i - 1);
  if (PARTICLES.has(t.text) && t.joined && prev && !prev.cap && PARTICLE_VERBS.has(prev.text)) return i - 1;
  return SPEECH_VERBS.has(t.text) ? i : -1;
}

/** Right after a quote, any past-tense verb next to a name is a tag: `" corroborated Tamsin`. */
function isPastVerb(t: Token | undefined): boolean {
  return !!t && !t.cap && t.text.length > 3 && t.text.endsWith('ed');
}

/** Adverbs without -ly that stand between a subject and its verb: "Orla once ventured", "Tam now said". */
const PLAIN_ADVERBS = new Set(['once', 'now', 'again', 'still', 'soon', 'next', 'also', 'even', 'only']);

function isAdverb(t: Token | undefined): boolean {
  return !!t && !t.cap && ((t.text.length > 3 && t.text.endsWith('ly')) || PLAIN_ADVERBS.has(t.text));
}

/**
 * Lower-case words that never describe the speaker between a verb and a name: "said to Orla" names
 * who is spoken to, not who speaks.
 */
const NOT_MODIFIERS = new Set(
  (
    'to at in on with of for from by into upon after before about over under through toward towards against ' +
    'and but or nor as that than then so not when while if though although because where whom who which ' +
    'her his him them me you us it its their our my your a an this these those one some any all no ' +
    'he she they we i was were is had has been being be did do does'
  ).split(' '),
);
/** Words of description a speech verb and its named subject may have between them. */
const MAX_MODIFIERS = 3;

/** Nouns of a voice or a speech that make their owner the speaker ("Orla's clear voice rejoined"). */
function ownsSpeech(tk: TokenList, i: number, hi: number): boolean {
  for (let k = i; k < Math.min(hi, i + 2); k++) {
    const t = tk.at(k)!;
    if (t.cap || !t.joined) return false;
    if (t.text === 'voice' || t.text === 'word' || t.text === 'words' || UTTERANCE_NOUNS.has(t.text)) return true;
  }
  return false;
}

/** A gap between two tokens holding a comma (and no sentence end). */
function commaBetween(ctx: TagContext, a: number, b: number): boolean {
  const gap = ctx.text.slice(ctx.tokens.at(a)!.end, ctx.tokens.at(b)!.start);
  return gap.includes(',') && !/[.!?;:]/.test(gap);
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
  // "Orla's brother": the possessor is not who speaks (`possessedNoun` reads the brother); in
  // "Orla's clear voice", "Orla's last word" it is.
  if (m && m.endToken <= hi && (!ctx.tokens.at(m.endToken - 1)!.possessive || ownsSpeech(ctx.tokens, m.endToken, hi)))
    return { kind: 'name', char: m.char, mention: m };
  if (m) return null;
  const w = t!.text === 'I' ? 'i' : t!.text.toLowerCase();
  if (PRONOUNS.has(w) && (w !== 'i' || t!.text === 'I'))
    return { kind: 'pronoun', pronoun: w as 'he' | 'she' | 'i', at: t!.start };
  return null;
}

/** A sentence boundary between two tokens ends the tag's reach. */
function sentenceBreak(ctx: TagContext, a: number, b: number): boolean {
  const gap = ctx.text.slice(ctx.tokens.at(a)!.end, ctx.tokens.at(b)!.start);
  return /[.!?;]\s/.test(gap) && !(ABBREVIATIONS.has(ctx.tokens.at(a)!.text) && /^\.\s*$/.test(gap));
}

/**
 * A past-tense verb outside the speech-verb lexicon at token `at`, an adverb before it allowed, in
 * the same sentence as what precedes it: `" Mrs. Holt quavered`, `" she quietly confided` (a loose
 * tag, see Tag.loose).
 */
function loosePastVerbAt(ctx: TagContext, at: number, hi: number): boolean {
  const tk = ctx.tokens;
  const next = isAdverb(tk.at(at)) && tk.at(at)!.joined ? at + 1 : at;
  return next < hi && isPastVerb(tk.at(next)) && verbEndAt(tk, next) < 0 && !sentenceBreak(ctx, next - 1, next);
}

/**
 * The subject after a speech verb whose last token is v: "said Orla", "said he", "said the
 * Ferryman", and a name behind words that describe it, "said dour Major Quill", "said the obliging
 * Mrs. Holt", "remarked skeptical Orla". Never across a sentence end: `" Tam said. Orla smiled`.
 */
function subjectAfterVerb(ctx: TagContext, v: number, lo: number, hi: number): TagSubject | null {
  const k = v + 1;
  if (k >= hi || sentenceBreak(ctx, v, k)) return null;
  const s = subjectAt(ctx, k, lo, hi);
  if (s) return s;
  const tk = ctx.tokens;
  const voice = voiceOf(ctx, k, hi);
  if (voice) return voice;
  let j = tk.at(k)!.text === 'the' && tk.at(k)!.joined ? k + 1 : k;
  for (let n = 0; n <= MAX_MODIFIERS && j < hi; n++, j++) {
    const t = tk.at(j)!;
    if (!t.joined) return null;
    if (t.cap) {
      const m = ctx.mentionAt.get(j);
      return n > 0 && m && m.endToken <= hi && !tk.at(m.endToken - 1)!.possessive
        ? { kind: 'name', char: m.char, mention: m }
        : null;
    }
    if (NOT_MODIFIERS.has(t.text) || SPEECH_VERBS.has(t.text)) return null;
  }
  return null;
}

/**
 * "said the voice of Mr. Haldane", "called the shattered voice of Orla": the speaker is the one whose
 * voice it is (an article, at most one describing word, `voice of`, a name).
 */
function voiceOf(ctx: TagContext, k: number, hi: number): TagSubject | null {
  const tk = ctx.tokens;
  if (tk.at(k)?.text !== 'the') return null;
  for (let j = k + 1; j < Math.min(hi, k + 3); j++) {
    const t = tk.at(j)!;
    if (t.cap || !t.joined) return null;
    if (t.text !== 'voice') continue;
    if (tk.at(j + 1)?.text !== 'of' || !tk.at(j + 1)!.joined) return null;
    const m = ctx.mentionAt.get(j + 2);
    return m && m.endToken <= hi && tk.at(j + 2)!.joined ? { kind: 'name', char: m.char, mention: m } : null;
  }
  return null;
}

/** Nouns of a speech that a tag can name instead of its verb: `" was Orla's reply`. */
const UTTERANCE_NOUNS = new Set(
  (
    'reply answer comment remark rejoinder response retort riposte exclamation question observation greeting ' +
    'cry injunction amendment challenge inference argument rebuke whisper murmur verdict advice suggestion ' +
    'explanation interruption salutation assurance protest conclusion report announcement'
  ).split(' '),
);

/**
 * `" was Orla's dry comment`, `" was his reply`, `" was the firm reply of Mr. Holt`: a tag that names
 * the speech instead of a verb. Returns undefined when the narration is not of that form, null when it
 * is but names nobody (`" was the reply`).
 */
function utteranceTag(ctx: TagContext, lo: number, hi: number): Tag | null | undefined {
  const tk = ctx.tokens;
  const was = tk.at(lo);
  if (!was || (was.text !== 'was' && was.text !== 'were') || lo + 1 >= hi || sentenceBreak(ctx, lo, lo + 1))
    return undefined;
  const t = tk.at(lo + 1)!;
  const m = ctx.mentionAt.get(lo + 1);
  let subject: TagSubject | null = null;
  let j: number;
  if (m && m.endToken <= hi && tk.at(m.endToken - 1)!.possessive) {
    subject = { kind: 'name', char: m.char, mention: m };
    j = m.endToken;
  } else if (t.text === 'his' || t.text === 'her' || t.text === 'my') {
    subject = { kind: 'pronoun', pronoun: t.text === 'his' ? 'he' : t.text === 'her' ? 'she' : 'i', at: t.start };
    j = lo + 2;
  } else if (t.text === 'the') j = lo + 2;
  else return undefined;
  // Up to two describing words before the noun; a possessive among them ("her father's reply") is
  // someone else's speech.
  let noun = -1;
  for (let n = 0; n < 3 && j < hi; n++, j++) {
    const w = tk.at(j)!;
    if (w.cap || !w.joined || /['\u2019]/.test(w.text)) return undefined;
    if (UTTERANCE_NOUNS.has(w.text)) {
      noun = j;
      break;
    }
  }
  if (noun < 0) return undefined;
  if (!subject) {
    const of = tk.at(noun + 1);
    const named = ctx.mentionAt.get(noun + 2);
    if (!of || of.text !== 'of' || !of.joined || !named || named.endToken > hi) return null;
    subject = { kind: 'name', char: named.char, mention: named };
  }
  return { subject, side: 'after' };
}

/** The mention starting at token i, or right after a "the" there ("from the Ferryman"). */
function mentionAtOrAfterThe(ctx: TagContext, i: number): Mention | undefined {
  return ctx.mentionAt.get(i) ?? (ctx.tokens.at(i)?.text === 'the' ? ctx.mentionAt.get(i + 1) : undefined);
}

/** Verbs of a sound leaving someone: `" came from Orla`, `" at last broke explosively from Tam`. */
const SOUND_VERBS = new Set(['came', 'broke', 'burst', 'issued', 'escaped']);

/**
 * `" came from Orla`, `" broke from Tam`, `" came from Orla's tight lips`: the speech comes from
 * the one named after "from" (a possessive too: whose lips it came from). Up to two words ("at
 * last") may come before the verb and one adverb after it.
 */
function speechFrom(ctx: TagContext, lo: number, hi: number): Tag | null {
  const tk = ctx.tokens;
  for (let i = lo; i < Math.min(hi, lo + 3); i++) {
    if (i > lo && sentenceBreak(ctx, i - 1, i)) return null;
    if (!SOUND_VERBS.has(tk.at(i)!.text)) continue;
    const from = isAdverb(tk.at(i + 1)) ? i + 2 : i + 1;
    if (from + 1 >= hi || tk.at(from)!.text !== 'from' || sentenceBreak(ctx, from - 1, from)) return null;
    const m = mentionAtOrAfterThe(ctx, from + 1);
    return m && m.endToken <= hi ? { subject: { kind: 'name', char: m.char, mention: m }, side: 'after' } : null;
  }
  return null;
}

/** `" It was Orla who spoke.`, `" It was Tam who answered`: the cleft names the speaker. */
function itWasWhoSpoke(ctx: TagContext, lo: number, hi: number): Tag | null {
  const tk = ctx.tokens;
  if (lo + 3 >= hi || tk.at(lo)!.text !== 'It' || tk.at(lo + 1)!.text !== 'was') return null;
  const m = mentionAtOrAfterThe(ctx, lo + 2);
  if (!m || m.endToken + 1 >= hi || tk.at(m.endToken)!.text !== 'who') return null;
  const verb = tk.at(m.endToken + 1)!;
  return verb.text === 'spoke' || verbEndAt(tk, m.endToken + 1) >= 0
    ? { subject: { kind: 'name', char: m.char, mention: m }, side: 'after' }
    : null;
}

/**
 * Narration that names the speech before it: `Orla's remark was:`, `Tam's last words had been:`,
 * `his answer was:` (an owner, up to two describing words, a noun of speech, then "was" or "had
 * been" right before the quote). Null when the narration does not end so.
 */
function utteranceBefore(ctx: TagContext, lo: number, hi: number): Tag | null {
  const tk = ctx.tokens;
  let k = hi - 1;
  if (k < lo) return null;
  if (tk.at(k)!.text === 'been' && k - 1 >= lo && tk.at(k - 1)!.text === 'had') k--;
  else if (tk.at(k)!.text !== 'was') return null;
  const noun = tk.at(k - 1);
  if (k - 1 < lo || !noun || (!UTTERANCE_NOUNS.has(noun.text) && noun.text !== 'word' && noun.text !== 'words'))
    return null;
  for (let j = k - 2; j >= Math.max(lo, k - 4); j--) {
    const t = tk.at(j)!;
    if (t.text === 'his' || t.text === 'her')
      return { subject: { kind: 'pronoun', pronoun: t.text === 'his' ? 'he' : 'she', at: t.start }, side: 'before' };
    const owner = subjectEndingAt(ctx, j + 1, lo, hi);
    if (owner && owner.kind === 'name' && t.possessive) return { subject: owner, side: 'before' };
    if (t.cap || NOT_MODIFIERS.has(t.text)) return null;
  }
  return null;
}

/** Verbs whose object is spoken to by the agent after "by": `when thus accosted by Orla, "…"`. */
const ADDRESSED_VERBS = new Set(['accosted', 'addressed', 'interrupted', 'greeted', 'hailed', 'questioned']);

/**
 * `Tam greeted me eagerly with: "…"`, `Orla interrupted him with, "…"`, and the passive `when thus
 * accosted by Orla, "…"`: the narration ends in "with" after a past-tense verb (whose subject speaks)
 * or in "by" and a name after a verb of addressing (the name speaks).
 */
function speechWith(ctx: TagContext, lo: number, hi: number): Tag | null {
  const tk = ctx.tokens;
  const last = hi - 1;
  if (last - 1 < lo) return null;
  const agent = subjectEndingAt(ctx, hi, lo, hi);
  if (agent && agent.kind === 'name') {
    const first = agent.mention.token;
    return tk.at(first - 1)?.text === 'by' && ADDRESSED_VERBS.has(tk.at(first - 2)?.text ?? '')
      ? { subject: agent, side: 'before' }
      : null;
  }
  if (tk.at(last)!.text !== 'with') return null;
  // Back over an adverb and an object pronoun ("greeted me eagerly with") to the verb.
  let v = last - 1;
  while (v > lo && v >= last - 3 && (isAdverb(tk.at(v)) || OBJECT_PRONOUNS.has(tk.at(v)!.text))) v--;
  if (v < lo || (!isPastVerb(tk.at(v)) && verbStartAt(tk, v) < 0) || tk.at(v)!.text === 'said') return null;
  const s = subjectEndingAt(ctx, v, lo, hi) ?? sentenceOpener(ctx, v, lo, v - SUBJECT_REACH);
  return s ? { subject: s, side: 'before' } : null;
}

/** Pronouns in object position between a verb and what follows it. */
const OBJECT_PRONOUNS = new Set(['me', 'him', 'her', 'them', 'us', 'you', 'it']);

/**
 * Whether a tag before a quote opens a clause of its own (`, and Selwyn answered, "…"`): the word
 * before its subject joins clauses. In narration that interrupts a speech after the first part's
 * tag, only such a clause hands the second part to someone else; a subordinate one does not
 * (`"…," said Orla, when Selwyn returned, "…"`).
 */
export function opensClause(ctx: TagContext, tag: Tag, lo: number): boolean {
  const s = tag.subject;
  let first = -1;
  if (s.kind === 'name') first = s.mention.token;
  else if (s.kind === 'pronoun')
    for (let i = lo; i < ctx.tokens.length && ctx.tokens.starts[i]! <= s.at; i++) first = i;
  // "and the Ferryman said": a name's mention starts after its article.
  if (first - 1 > lo && ctx.tokens.at(first - 1)!.text.toLowerCase() === 'the') first--;
  if (first <= lo) return false;
  const joiner = ctx.tokens.at(first - 1)!.text.toLowerCase();
  // "Orla replied, so eagerly that the Ferryman said, …": a result clause has a speaker of its own.
  return (
    CLAUSE_OPENERS.has(joiner) ||
    (joiner === 'that' && first - 3 >= lo && RESULT_SO.has(ctx.tokens.at(first - 3)!.text.toLowerCase()))
  );
}

/** "so" or "such" two words before "that" ("so eagerly that", "such haste that") opens a result clause. */
const RESULT_SO = new Set(['so', 'such']);

/** The name (or he/she/I) ending just before token k: the subject of a verb at k. */
function subjectEndingAt(ctx: TagContext, k: number, lo: number, hi: number): TagSubject | null {
  for (let j = k - 1; j >= Math.max(lo, k - 5); j--) {
    const m = ctx.mentionAt.get(j);
    if (m && m.endToken === k) return { kind: 'name', char: m.char, mention: m };
  }
  const p = subjectAt(ctx, k - 1, lo, hi);
  return p && p.kind === 'pronoun' ? p : null;
}

/** Words that open a clause rather than set off a description of the name before the comma. */
const CLAUSE_OPENERS = new Set(['and', 'but', 'or', 'then', 'so', 'yet', 'nor', 'for', 'while', 'whilst']);
/** Longest description set off by commas between a name and its verb (tokens). */
const PARENTHESIS = 16;

/**
 * "Orla, who had been silent, replied": the verb starting at token v follows a comma that closes a
 * description of the name before it. Returns that name (or pronoun), or null.
 */
function subjectBeforeParenthesis(ctx: TagContext, v: number, lo: number, hi: number): TagSubject | null {
  if (v - 1 < lo || !commaBetween(ctx, v - 1, v)) return null;
  const tk = ctx.tokens;
  for (let k = v - 1; k > Math.max(lo, v - PARENTHESIS); k--) {
    if (sentenceBreak(ctx, k - 1, k)) return null;
    if (!commaBetween(ctx, k - 1, k)) continue;
    if (CLAUSE_OPENERS.has(tk.at(k)!.text)) return null;
    const s = subjectEndingAt(ctx, k, lo, hi);
    if (!s) return null;
    // The name must itself open its clause: "Orla, who…", "and Orla, who…", "to which Orla, from the
    // pool, was answering", not "looked at Orla, smiling,".
    const first = s.kind === 'name' ? s.mention.token : k - 1;
    const t = tk.at(first)!;
    const prev = tk.at(first - 1);
    const opens =
      first === lo ||
      t.initial ||
      afterSentenceAdverbs(ctx, first, lo) ||
      (prev !== undefined &&
        (commaBetween(ctx, first - 1, first) ||
          CLAUSE_OPENERS.has(prev.text) ||
          prev.text === 'when' ||
          prev.text === 'while' ||
          prev.text === 'which'));
    return opens ? s : null;
  }
  return null;
}

/**
 * Whether only one or two adverbs open the sentence before token `first` ("Soon afterwards Orla, …",
 * "Presently Orla, …"): no name, pronoun or function word, which would make it an object ("then"
 * and the other clause openers are read where the caller checks the word before the name).
 */
function afterSentenceAdverbs(ctx: TagContext, first: number, lo: number): boolean {
  const tk = ctx.tokens;
  for (let j = first - 1; j >= Math.max(lo, first - 2); j--) {
    const t = tk.at(j)!;
    if (ctx.mentionAt.has(j) || NOT_VERBS.has(t.text.toLowerCase()) || PRONOUNS.has(t.text.toLowerCase())) return false;
    if (j === lo || t.initial || sentenceBreak(ctx, j - 1, j)) return true;
  }
  return false;
}

/** Token j opens a sentence, or a clause right after one ends: `…; and she looked up, and answered:`. */
function opensAfterBreak(ctx: TagContext, j: number, lo: number): boolean {
  if (sentenceBreak(ctx, j - 1, j)) return true;
  return j - 1 > lo && CLAUSE_OPENERS.has(ctx.tokens.at(j - 1)!.text) && sentenceBreak(ctx, j - 2, j - 1);
}

/** Words that open narration after a quote as a clause of its own, not as the quote's tag. */
const AFTER_OPENERS = new Set(['and', 'but', 'while', 'whilst', 'whereupon']);

/** A speech verb at token v that "that" follows straight away: indirect speech ("replied that it was"). */
function reportsSpeech(tk: TokenList, v: number): boolean {
  const next = tk.at(v + 1);
  return !!next && next.joined && !next.inQuote && next.text === 'that';
}

/** Tag in the narration tokens [lo, hi) that follow a quote. */
export function tagAfter(ctx: TagContext, lo: number, hi: number): Tag | null {
  const end = Math.min(hi, lo + AFTER_WINDOW);
  const tk = ctx.tokens;
  // `"Got it?" and Bram said, "Yes"`, `"…" To which Orla answered, "…"`: a new clause, the next quote's tag.
  if (lo < hi && AFTER_OPENERS.has(tk.at(lo)!.text)) return null;
  if (lo + 1 < hi && tk.at(lo)!.text.toLowerCase() === 'to' && tk.at(lo + 1)!.text === 'which') return null;
  const named = utteranceTag(ctx, lo, hi);
  if (named !== undefined) return named;
  const idiom = speechFrom(ctx, lo, hi) ?? itWasWhoSpoke(ctx, lo, hi);
  if (idiom) return idiom;
  const first = ctx.mentionAt.get(lo);
  if (first && first.endToken < hi) {
    const at = first.endToken;
    // `" Mrs. Holt quavered`: a name, then any past-tense verb (`" Tam shook his head` too: an
    // action right after a speech is most often its speaker's).
    if (loosePastVerbAt(ctx, at, hi))
      return { subject: { kind: 'name', char: first.char, mention: first }, side: 'after', loose: true };
    // `" Orla, who had been silent, replied`.
    if (commaBetween(ctx, at - 1, at))
      for (let k = at + 1; k < Math.min(hi, at + PARENTHESIS); k++) {
        if (sentenceBreak(ctx, k - 1, k)) break;
        if (!commaBetween(ctx, k - 1, k) || CLAUSE_OPENERS.has(tk.at(at)!.text)) continue;
        const v = isAdverb(tk.at(k)) ? k + 1 : k;
        if (v < hi && verbEndAt(tk, v) >= 0)
          return { subject: { kind: 'name', char: first.char, mention: first }, side: 'after' };
      }
  }
  // `" she screeched`: he or she right after the quote, then a past-tense verb, as for a name.
  const pronoun = tk.at(lo);
  if (
    pronoun &&
    (pronoun.text === 'he' || pronoun.text === 'she') &&
    lo + 1 < hi &&
    !sentenceBreak(ctx, lo, lo + 1) &&
    loosePastVerbAt(ctx, lo + 1, hi)
  )
    return { subject: { kind: 'pronoun', pronoun: pronoun.text, at: pronoun.start }, side: 'after', loose: true };
  for (let i = lo; i < end; i++) {
    if (i > lo && sentenceBreak(ctx, i - 1, i)) break;
    if (i === lo && isPastVerb(tk.at(i)) && verbEndAt(tk, i) < 0) {
      const s = subjectAfterVerb(ctx, i, lo, hi);
      if (s && s.kind === 'name') return { subject: s, side: 'after', loose: true };
    }
    const v = verbEndAt(tk, i);
    if (v < 0) continue;
    // `"…" Orla replied that it was.`: the narration reports a speech of its own, not this one.
    if (reportsSpeech(tk, v)) return null;
    // "Orla said", "he said", "Orla quietly said", "Tam asked Caddow" (the name before is the subject).
    const before = isAdverb(tk.at(i - 1)) ? i - 2 : i - 1;
    if (before >= lo) {
      const b = subjectEndingAt(ctx, before + 1, lo, hi);
      if (b) return { subject: b, side: 'after' };
    }
    // "said Orla", "said the Ferryman", "said he", "said I", "said Mr. Ashcombe coolly"
    const s = subjectAfterVerb(ctx, v, lo, hi);
    if (s) return { subject: s, side: 'after' };
    const noun = descriptionAfter(tk, v + 1, hi) ?? possessedNoun(ctx, v + 1, hi) ?? descriptionBefore(tk, before, lo);
    if (noun) return { subject: { kind: 'other', noun: noun.text, at: noun.start }, side: 'after' };
    return null;
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
  return nounPhraseEnd(tk, i + 1, hi);
}

/**
 * The noun of the lower-case noun phrase starting at token `from` (its last word), or null: up to
 * three words ("old gentleman", "poor little child"), ending before a preposition, article or adverb
 * ("the gentleman in the grey waistcoat", "the doctor gravely").
 */
function nounPhraseEnd(tk: TokenList, from: number, hi: number): Token | null {
  let k = from;
  while (
    k < hi &&
    k < from + 3 &&
    !tk.at(k)!.cap &&
    tk.at(k)!.joined &&
    !SPEECH_VERBS.has(tk.at(k)!.text) &&
    !NOT_MODIFIERS.has(tk.at(k)!.text) &&
    !isAdverb(tk.at(k))
  )
    k++;
  return k > from ? tk.at(k - 1)! : null;
}

/**
 * "said Mr. Holt's good lady", "rejoined Orla's benefactress": a name in the possessive at token i
 * and the noun phrase it owns (its last word, the noun, is returned).
 */
function possessedNoun(ctx: TagContext, i: number, hi: number): Token | null {
  const tk = ctx.tokens;
  const m = mentionAtOrAfterThe(ctx, i);
  if (!m || m.endToken >= hi || !tk.at(m.endToken - 1)!.possessive) return null;
  return nounPhraseEnd(tk, m.endToken, hi);
}

/** "the cook said": the word before the verb is a lower-case noun after a determiner. */
function descriptionBefore(tk: TokenList, i: number, lo: number): Token | null {
  const n = tk.at(i);
  const d = tk.at(i - 1);
  return i - 1 >= lo && !!n && !!d && !n.cap && DETERMINERS.has(d.text.toLowerCase()) && n.joined ? n : null;
}

/**
 * Words after a name that show it is not a clause's subject: "looked at Orla and said", "gave Orla
 * the letter, and said" (a preposition, article, conjunction or pronoun follows the name).
 */
const NOT_VERBS = new Set(
  (
    'to at in on with of for from by into upon after before about over under through toward towards against ' +
    'and but or nor as that than then so when while if though although because where whom who which whose ' +
    'her his him them me you us it its their our my your a an the this these those'
  ).split(' '),
);

/**
 * The nearest name before a speech verb (token vs, subject search from `before` down) that a verb
 * follows in the same sentence: "Mr. Quill lifted up his head, and said", "Orla could just answer,
 * and said". Names in object position ("looked at Orla, and said") have a comma or a function word
 * after them instead, and a possessive ("seeing Orla's face, said") is not the subject.
 */
function clauseSubject(ctx: TagContext, vs: number, before: number, lo: number): TagSubject | null {
  const tk = ctx.tokens;
  for (let j = before; j >= Math.max(lo, vs - SUBJECT_REACH); j--) {
    if (j < before && sentenceBreak(ctx, j, j + 1)) return null;
    const m = ctx.mentionAt.get(j);
    if (!m || m.endToken > vs || tk.at(m.endToken - 1)!.possessive) continue;
    const next = tk.at(m.endToken)!;
    if (next.cap || !next.joined || next.text === 's' || NOT_VERBS.has(next.text)) continue;
    return { kind: 'name', char: m.char, mention: m };
  }
  return null;
}

/** Present participles that lead into a speech they end the narration before: `Orla turned, saying, "…"`. */
const LEAD_GERUNDS = new Set(
  (
    'saying adding remarking replying answering exclaiming observing continuing whispering muttering ' +
    'murmuring rejoining crying calling shouting asking'
  ).split(' '),
);

/**
 * Token i when it is such a participle and nothing but an adverb comes between it and the quote
 * (`saying,`, `adding gravely:`); mid-sentence ("without saying a word, she went") it is no tag.
 */
function leadGerundAt(ctx: TagContext, i: number, hi: number): number {
  const t = ctx.tokens.at(i);
  if (!t || t.cap || !LEAD_GERUNDS.has(t.text)) return -1;
  return i === hi - 1 || (i === hi - 2 && isAdverb(ctx.tokens.at(i + 1))) ? i : -1;
}

/**
 * The he, she or name opening the last sentence of the narration [lo, hi) before a quote when a
 * verb follows it (`She raised her hand. "…"`, `Orla shook her head. "…"`); else null. A pronoun
 * needs a past tense ending in -ed; a name any lower-case word that is no function word.
 */
export function actionBefore(ctx: TagContext, lo: number, hi: number): TagSubject | null {
  const tk = ctx.tokens;
  let first = hi - 1;
  while (first > lo && !sentenceBreak(ctx, first - 1, first)) first--;
  if (first < lo || first + 1 >= hi) return null;
  // Whole sentences only: `Orla saw that he smiled; "…"` runs on into the quote.
  const endsSentence = (a: number) =>
    /[.!?]/.test(ctx.text.slice(tk.at(a)!.end, tk.at(a + 1)?.start ?? ctx.text.length));
  if (!endsSentence(hi - 1) || (first > lo && !endsSentence(first - 1))) return null;
  const t = tk.at(first)!;
  if (t.text === 'He' || t.text === 'She')
    return isPastVerb(tk.at(first + 1))
      ? { kind: 'pronoun', pronoun: t.text === 'He' ? 'he' : 'she', at: t.start }
      : null;
  const m = ctx.mentionAt.get(first);
  const verb = m && m.endToken < hi ? tk.at(m.endToken)! : null;
  return m && verb && !tk.at(m.endToken - 1)!.possessive && !verb.cap && verb.joined && !NOT_MODIFIERS.has(verb.text)
    ? { kind: 'name', char: m.char, mention: m }
    : null;
}

/** Tag in the narration tokens [lo, hi) that precede a quote: `Orla said, "…"`. */
export function tagBefore(ctx: TagContext, lo: number, hi: number): Tag | null {
  const start = Math.max(lo, hi - BEFORE_WINDOW);
  const tk = ctx.tokens;
  const named = utteranceBefore(ctx, lo, hi) ?? speechWith(ctx, lo, hi);
  if (named) return named;
  for (let i = hi - 1; i >= start; i--) {
    if (i < hi - 1 && sentenceBreak(ctx, i, i + 1)) break;
    const vs = verbStartAt(tk, i) >= 0 ? verbStartAt(tk, i) : leadGerundAt(ctx, i, hi);
    if (vs < 0) continue;
    const before = isAdverb(tk.at(vs - 1)) ? vs - 2 : vs - 1;
    // "Orla, who had been silent, replied:", "Orla, from the pool she was in, was answering"
    const paren =
      subjectBeforeParenthesis(ctx, before + 1, lo, hi) ??
      (before > lo && AUXILIARIES.has(tk.at(before)!.text) ? subjectBeforeParenthesis(ctx, before, lo, hi) : null);
    if (paren) return { subject: paren, side: 'before' };
    // "…at Orla, who said:"
    if (before > lo && tk.at(before)!.text === 'who' && commaBetween(ctx, before - 1, before)) {
      const w = subjectEndingAt(ctx, before, lo, hi);
      if (w) return { subject: w, side: 'before' };
    }
    // "Orla said:", "she said:", "Orla quietly said:", "Tam asked Caddow:"
    if (before >= lo && !commaBetween(ctx, before, before + 1)) {
      const b = subjectEndingAt(ctx, before + 1, lo, hi);
      if (b) return { subject: b, side: 'before' };
    }
    // "said Orla:", "said the Ferryman:"; but in "…and warned Orla" the name is who is spoken to.
    const s = before >= lo && CLAUSE_OPENERS.has(tk.at(before)!.text) ? null : subjectAfterVerb(ctx, i, lo, hi);
    if (s) return { subject: s, side: 'before' };
    // "his mother ventured:", "the cook was saying,": a description is the verb's subject, and
    // "heard it say", "made him say" give it one of their own; a name opening the sentence is
    // someone else ("Newland made no answer, and after a moment his mother ventured:").
    // Only with nothing between them and the verb: "turning to the cook, said" is not the cook's.
    if (before >= lo && !commaBetween(ctx, before, before + 1)) {
      const aux = before > lo && AUXILIARIES.has(tk.at(before)!.text) ? before - 1 : before;
      const described = aux === before || !commaBetween(ctx, aux, before) ? personBefore(tk, aux, lo) : null;
      if (described) return { subject: { kind: 'other', noun: described.text, at: described.start }, side: 'before' };
      if (OBJECT_SUBJECTS.has(tk.at(before)!.text)) return null;
    }
    // "Margaret coloured, and said--": the subject opens the sentence.
    for (let j = before; j >= Math.max(lo, vs - SUBJECT_REACH); j--) {
      if (j < before && sentenceBreak(ctx, j, j + 1)) break;
      const q = subjectAt(ctx, j, lo, hi);
      if (q && q.kind !== 'other' && (j === lo || ctx.tokens.at(j)!.initial || opensAfterBreak(ctx, j, lo)))
        return { subject: q, side: 'before' };
    }
    // "When Tam was gone, Mr. Quill lifted his head, and said": the subject of a later clause, the
    // nearest name before the verb that a verb follows.
    const clause = clauseSubject(ctx, vs, before, lo);
    if (clause) return { subject: clause, side: 'before' };
    // "Mr. Quill, who had been silent all the evening, opened his eyes and said decidedly:": a name
    // opening the sentence is its subject, however long the clauses after it, when no nearer name
    // is the subject of a verb.
    const opener = sentenceOpener(ctx, before, lo, vs - LONG_SUBJECT_REACH);
    return opener ? { subject: opener, side: 'before' } : null;
  }
  return null;
}

/**
 * "the drummer", "a woman", "his mother" at token i (its noun) as the subject of a speech verb after
 * it: after "the" any one thing that is not a plural (the sky may speak in a book), after an
 * owner's pronoun only a person's noun ("his mother ventured", not "took his leave saying").
 */
function personBefore(tk: TokenList, i: number, lo: number): Token | null {
  const n = descriptionBefore(tk, i, lo);
  if (!n) return null;
  const d = tk.at(i - 1)!.text.toLowerCase();
  if (descriptionGender(n.text) !== 'u') return n;
  return (d === 'the' || d === 'a') && !isPlural(n.text) ? n : null;
}

/** Words that may stand between a subject and its speech verb ("the cook was saying", "the cook then said"). */
const AUXILIARIES = new Set(['was', 'were', 'had', 'has', 'is', 'would', 'could', 'did', 'then']);
/** Pronouns that, right before a speech verb, are its subject in place of the sentence's ("heard it say"). */
const OBJECT_SUBJECTS = new Set(['it', 'him', 'her', 'them', 'they', 'we', 'you', 'one']);

/** How far back from its verb a tag before a quote looks for a name opening the sentence. */
const LONG_SUBJECT_REACH = 40;

/** The name opening the sentence that token `from` is in (searching down to `floor`), or null. */
function sentenceOpener(ctx: TagContext, from: number, lo: number, floor: number): TagSubject | null {
  for (let j = from; j >= Math.max(lo, floor); j--) {
    if (j < from && sentenceBreak(ctx, j, j + 1)) return null;
    if (j === lo || ctx.tokens.at(j)!.initial || sentenceBreak(ctx, j - 1, j)) {
      const the = ctx.tokens.at(j)!.text.toLowerCase() === 'the';
      const m = ctx.mentionAt.get(the ? j + 1 : j);
      return m && !ctx.tokens.at(m.endToken - 1)!.possessive ? { kind: 'name', char: m.char, mention: m } : null;
    }
  }
  return null;
}
