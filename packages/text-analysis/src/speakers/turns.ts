// Turns: the paragraphs that hold quotations, with what the text says around each one. The speaker
// model reads these facts; it never reaches into the tokens itself.
import type { AttributionMethod, Character, Quote } from '@castbook/contracts';
import type { QuoteTag } from '../attribution/attributeQuotes.js';
import { clearLeader } from '../attribution/roles.js';
import {
  aliasIndex,
  findMentions,
  firstMentionAt,
  resolveSharedSurnames,
  type Mention,
} from '../attribution/mentions.js';
import { ARTICLES, LEAD_IN_VERBS, OBJECT_PREPOSITIONS, SPEECH_VERBS, type Gender } from '../characters/lexicon.js';
import { descriptionGender } from '../characters/descriptions.js';
import { describingNouns, getProfile } from '../characters/profiles.js';
import { soleTitleHolders } from '../characters/titles.js';
import { tokenAt, type TokenList } from '../characters/tokens.js';
import { splitParagraphs } from '../quotes/paragraphs.js';
import { addressGender } from './addressGender.js';
import { CONVERSATION_GAP } from './features.js';

export interface Turn {
  para: number;
  /** Indices of the turn's quotes in the sorted quote list. */
  quotes: number[];
  /** Paragraphs of narration between the previous turn and this one (Infinity for the first). */
  gap: number;
  /** The paragraph has no narration words outside its quotes. */
  pure: boolean;
  /** Characters a speech tag of the turn names. */
  tagNames: ReadonlySet<number>;
  /** Gender of a pronoun tag ('i' for "said I"), or null. */
  tagPronoun: 'm' | 'f' | 'i' | null;
  /**
   * For a he/she tag: the first character of the pronoun's gender named in the nearest narration
   * sentence before the quote that names one other than after a preposition — its subject, usually,
   * where the latest name is often its object ("Tobias was looking at Jory. '…,' he said" → Tobias;
   * "Tobias frowned. It was a long walk beside Jory. '…,' he said" → Tobias) — or -1.
   */
  pronounAntecedent: number;
  /** Noun of a describing tag ("said the cook"), or null. */
  tagNoun: string | null;
  /** The rule sieves' choice (before the model), for the turn's first quote. */
  rule: { char: number; method: AttributionMethod } | null;
  /**
   * The turn opens its paragraph by carrying on a quotation that the paragraph before, itself a
   * turn, left open: one speech over several paragraphs, each but the last without a closing mark.
   */
  carriesOn: boolean;
  /** Characters addressed by name inside the turn's quotes. */
  vocatives: ReadonlySet<number>;
  /** Characters named inside the quotes, not as an address. */
  quoteMentions: ReadonlySet<number>;
  /** The gender the quotes address by a form of address ("Yes, sir."), or 'u' (`addressGender`). */
  addressed: Gender;
  /** Characters named in the paragraph's narration, in order. */
  narration: number[];
  /** Named in the paragraph's narration before its first quote. */
  narrationBefore: ReadonlySet<number>;
  /** Named in the narration paragraphs between the previous turn and this one. */
  between: ReadonlySet<number>;
  /**
   * Tokens since each character's last narration mention before the turn (recent ones only), as
   * pairs `[char, tokens, char, tokens, …]`, nearest first: 4 bytes a number in a plain array of
   * small integers, where a Map took a kilobyte a turn (read it with `distanceOf`).
   */
  distance: readonly number[];
  /**
   * Characters named outside quotes soon after the turn's paragraph — later narration and later
   * turns' tags alike, up to AHEAD_TOKENS whatever lies there (a chapter's end too) — as pairs
   * `[char, tokens]`, nearest first, at most AHEAD_CANDIDATES: a speaker is often named only after
   * their first words ("…," said a voice. … Then Corwin stood up), and the coming tags say who is in
   * the scene.
   */
  ahead: readonly number[];
  /**
   * A narration paragraph right before the turn that leads into it ("…Mr. Venning laid aside his
   * book, and said," then the quote as its own paragraph): the character its last sentence names
   * first, or -1; and the gender of a pronoun subject there ("she answered:"), or null.
   */
  leadIn: number;
  leadInPronoun: 'm' | 'f' | null;
  /**
   * The same in the turn's own paragraph: the narration sentence right before its first quote
   * introduces it ("Idris cut him short with: '…'", "Wenna could just answer, '…'") — the
   * character it names first, or -1 (`leadInHereOf`).
   */
  leadInHere: number;
  /**
   * The character behind the turn's describing tag noun, or -1: for a kin tag ("said her father")
   * the relative the family's names show (`relativeOf`), else the one the book's tags show behind
   * the noun ("said the old gentleman", see `linkTagNouns`).
   */
  nounLinked: number;
  /** Characters worth scoring, before the ones the decoder's history adds. */
  candidates: number[];
}

export interface CastFacts {
  gender: Gender[];
  narrator: number;
  /** The nouns a describing tag names the character by: its own ("the cook") and merged roles'. */
  nouns: (readonly string[])[];
  /** Title noun → the only character holding the title ("the count" → Count Mippola). */
  titled: Map<string, number>;
  /** log(1 + mentions) / log(1 + most mentions): how central a character is. */
  weight: number[];
}

/** A quotation mark closing a quotation, and what may stand before a paragraph's opening quotation. */
const CLOSING_MARK = /["\u201d'\u2019\u00bb\u00ab\u203a]/u;
const OPENING = /^["\u201c'\u2018\u00ab\u00bb\u2039]?$/u;

/**
 * The quotation runs to the end of its paragraph, `paragraphEnd`, without a closing mark. Quotes
 * reach here with their marks (stored quotes) or without (the analysis's spans); either way a
 * closed one has its closing mark as its last character or right after it.
 */
function leftOpen(text: string, quote: Quote, paragraphEnd: number): boolean {
  if (text.slice(quote.endOffset, paragraphEnd).trim() !== '') return false;
  const body = text.slice(quote.startOffset, quote.endOffset).trimEnd();
  return !CLOSING_MARK.test(body.at(-1) ?? '');
}

/** How far back (tokens) narration mentions make a character a candidate. */
const WINDOW_TOKENS = 3000;
/** Most candidates taken from recent mentions. */
const RECENT_CANDIDATES = 12;
/** How far after a turn (tokens) a narration mention still makes a character a candidate of it. */
export const AHEAD_TOKENS = 600;
/** Most candidates taken from the names just after a turn. */
const AHEAD_CANDIDATES = 3;
/** Turns back whose rule speakers stay candidates. */
const RULE_HISTORY = 4;

export function castFacts(characters: readonly Character[]): CastFacts {
  const most = Math.max(1, ...characters.map((c) => c.mentions));
  return {
    gender: characters.map((c) => getProfile(c)?.gender ?? 'u'),
    narrator: characters.findIndex((c) => getProfile(c)?.narrator ?? c.name === 'Narrator'),
    nouns: characters.map((c) => describingNouns(getProfile(c))),
    titled: soleTitleHolders(characters),
    weight: characters.map((c) => Math.log1p(c.mentions) / Math.log1p(most)),
  };
}

/**
 * The array at its exact length. One grown by push keeps room for 17 or more elements (about 150
 * bytes) however few it holds, and every turn keeps several such lists for the whole decoding: on a
 * book of dialogue they were the largest part of the analysis's peak memory.
 */
const exact = <T>(a: T[]): T[] => a.slice();

/** One empty set for every turn's empty facts (most are empty; each Set costs ~100 bytes). */
const EMPTY: ReadonlySet<number> = new Set<number>();
const shared = (set: ReadonlySet<number>): ReadonlySet<number> => (set.size ? set : EMPTY);

/** The number paired with `c` in `[char, n, char, n, …]`, or undefined. */
function pairOf(pairs: readonly number[], c: number): number | undefined {
  for (let k = 0; k < pairs.length; k += 2) if (pairs[k] === c) return pairs[k + 1];
  return undefined;
}

/** Tokens since `c` was last named in narration before the turn, or undefined if not recently. */
export function distanceOf(turn: Turn, c: number): number | undefined {
  return pairOf(turn.distance, c);
}

/** Tokens from the turn's paragraph to the next narration mention of `c`, or undefined if not soon. */
export function aheadOf(turn: Turn, c: number): number | undefined {
  return pairOf(turn.ahead, c);
}

/**
 * Verbs that lead into speech even when their sentence ends in a full stop ("Mr. Pell began at
 * once.", "Tam spoke now.", "Orla went on."); after most speech verbs a closed sentence is narration
 * ("Orla smiled.", "Tam said nothing.") that the other speaker answers as often as not.
 */
const STOP_LEAD_VERBS = new Set(['began', 'spoke', 'continued', 'resumed', 'went']);
/** A paragraph that ends as if speech follows: "…and said," / "…she answered:" / "…he began —". */
const LEADS_IN = /[,:\u2014-]\s*$/;

/** A he or she: the subject of a sentence that names no one else as its speaker. */
const isHeOrShe = (w: string) => w === 'he' || w === 'she' || w === 'He' || w === 'She';

/**
 * Who a narration paragraph leads in to speak: the last character named before the speech verb of
 * its last sentence when the paragraph ends in a comma, colon or dash, or in a full stop a few words
 * after a verb of STOP_LEAD_VERBS.
 */
function leadInOf(
  text: string,
  para: { start: number; end: number },
  tokens: TokenList,
  mentions: readonly Mention[],
): { char: number; pronoun: 'm' | 'f' | null } {
  const none = { char: -1, pronoun: null };
  // "Mr. Pell began at once.": a full stop leads in too when a speech verb is among the last words.
  const stops = !LEADS_IN.test(text.slice(para.start, para.end));
  if (stops && !/[.!]\s*$/.test(text.slice(para.start, para.end))) return none;
  const lo = tokenAt(tokens, para.start);
  const hi = tokenAt(tokens, para.end);
  let from = hi;
  while (from > lo && !tokens.at(from - 1)!.initial) from--;
  if (from > lo) from--;
  // The speech verb nearest the end, and its subject: the last name (or he/she) before it.
  let verb = -1;
  for (let t = hi - 1; t >= from && verb < 0; t--)
    if (!tokens.at(t)!.inQuote && SPEECH_VERBS.has(tokens.at(t)!.text)) verb = t;
  if (verb < 0) return none;
  if (stops && (verb < hi - 1 - VERB_NEAR_END || !STOP_LEAD_VERBS.has(tokens.at(verb)!.text))) return none;
  let name = -1;
  let nameTok = -1;
  for (let k = firstMentionAt(mentions, from); k < mentions.length && mentions[k]!.token < verb; k++)
    if (!mentions[k]!.inQuote) [name, nameTok] = [mentions[k]!.char, mentions[k]!.token];
  for (let t = verb - 1; t > Math.max(from, nameTok) - 1; t--) {
    const w = tokens.at(t)!.text;
    if (isHeOrShe(w)) return { char: -1, pronoun: w.length === 2 ? 'm' : 'f' };
  }
  if (name >= 0) return { char: name, pronoun: null };
  return none;
}

/** The narration just before a quote ends as if it introduces it: "…with:", "…answer,", "…was--". */
const INTRODUCES = /[,:\u2014-]\s*["\u201c\u2018']?\s*$/;
/** Words at most between a sentence's speech verb and its end for "Mr. Venning began." to lead in. */
const VERB_NEAR_END = 3;

/**
 * Who the narration sentence right before a quote, in the quote's own paragraph, introduces as its
 * speaker, when the sentence ends in a comma, colon or dash before the quote ("Idris cut him short
 * with:", "Mr. Caddow immediately accosted her with,") or with a speech verb among its last words
 * ("Mrs. Rusk began again."): the subject of its last speech verb (`speechVerbSubject`), else the
 * first character it names. Speech verbs outside the lexicon ("chaffed", "accosted") are common
 * here, so the punctuation is the cue; without a verb, a he or she anywhere in the sentence may be
 * its subject, and then no one is introduced by name.
 * `lo` is the first token the search may read (the paragraph's start or the end of the run before).
 */
export function leadInHereOf(
  text: string,
  quoteStart: number,
  lo: number,
  tokens: TokenList,
  mentions: readonly Mention[],
): number {
  const quoteTok = tokenAt(tokens, quoteStart);
  const last = quoteTok - 1;
  if (last < lo || tokens.at(last)!.inQuote) return -1;
  let from = last;
  while (from > lo && !tokens.at(from)!.initial && !tokens.at(from - 1)!.inQuote) from--;
  const tail = text.slice(tokens.at(last)!.end, quoteStart);
  if (!INTRODUCES.test(tail)) {
    if (!/^[.!]?\s*["\u201c\u2018']?\s*$/.test(tail)) return -1;
    let verbNear = false;
    for (let t = last; t >= Math.max(from, last - VERB_NEAR_END) && !verbNear; t--)
      verbNear = SPEECH_VERBS.has(tokens.at(t)!.text);
    if (!verbNear) return -1;
  }
  const subject = speechVerbSubject(tokens, mentions, from, last);
  if (subject !== undefined) return subject;
  for (let k = firstMentionAt(mentions, from); k < mentions.length && mentions[k]!.token <= last; k++) {
    const m = mentions[k]!;
    if (m.inQuote) continue;
    // A he or she anywhere in the sentence may be its subject ("Pashley wondered …; but suddenly she
    // broke out:"), and the name then the one spoken to or of.
    for (let t = from; t <= last; t++) if (isHeOrShe(tokens.at(t)!.text)) return -1;
    return m.char;
  }
  return -1;
}

/**
 * The subject of the last speech verb in tokens [from, last], when the sentence has one ("and the
 * ferryman answered, very nearly in the same words as before,", "…, and Orla said to Tam,"): the
 * last character named before the verb and not after a preposition, or -1 when a he or she comes
 * between them (the pronoun is the subject). Undefined when there is no such verb or no name
 * before it: the sentence's first name is the guess then.
 */
function speechVerbSubject(
  tokens: TokenList,
  mentions: readonly Mention[],
  from: number,
  last: number,
): number | undefined {
  let verb = -1;
  for (let t = last; t >= from && verb < 0; t--)
    if (!tokens.at(t)!.inQuote && LEAD_IN_VERBS.has(tokens.at(t)!.text)) verb = t;
  if (verb < 0) return undefined;
  let subject = -1;
  let subjectTok = -1;
  for (let k = firstMentionAt(mentions, from); k < mentions.length && mentions[k]!.token < verb; k++) {
    const m = mentions[k]!;
    if (m.inQuote || isObject(tokens, m, from)) continue;
    [subject, subjectTok] = [m.char, m.endToken];
  }
  if (subject < 0) return undefined;
  for (let t = subjectTok; t < verb; t++) if (isHeOrShe(tokens.at(t)!.text)) return -1;
  return subject;
}

/** A name after a preposition (an article between allowed), in a sentence starting at token `from`: "said to Tam". */
function isObject(tokens: TokenList, m: Mention, from: number): boolean {
  let before = m.token - 1;
  if (before >= from && ARTICLES.has(tokens.at(before)!.text.toLowerCase())) before--;
  return before >= from && OBJECT_PREPOSITIONS.has(tokens.at(before)!.text.toLowerCase());
}

/** How far back (tokens) a pronoun tag's antecedent is looked for. */
const ANTECEDENT_TOKENS = 400;

/** See Turn.pronounAntecedent. */
function antecedentOf(
  tokens: TokenList,
  mentions: readonly Mention[],
  quoteTok: number,
  gender: 'm' | 'f',
  genders: readonly Gender[],
): number {
  const fits = (m: Mention) => !m.inQuote && genders[m.char] === gender;
  const sentenceStart = (t: number) => {
    while (t > 0 && !tokens.at(t)!.initial) t--;
    return t;
  };
  // The nearest sentence naming one of that gender other than after a preposition ("…into the
  // presence of Mrs. Pell." names her as no subject); its first such name is the antecedent.
  let fallback = -1;
  for (let k = firstMentionAt(mentions, quoteTok) - 1; k >= 0; k--) {
    const m = mentions[k]!;
    if (quoteTok - m.token > ANTECEDENT_TOKENS) break;
    if (!fits(m)) continue;
    const from = sentenceStart(m.token);
    if (fallback < 0) fallback = firstFitting(from, k, () => true);
    const subject = firstFitting(from, k, (j) => !isObject(tokens, j, from));
    if (subject >= 0) return subject;
  }
  return fallback;

  function firstFitting(from: number, k: number, ok: (m: Mention) => boolean): number {
    for (let j = firstMentionAt(mentions, from); j <= k; j++)
      if (fits(mentions[j]!) && ok(mentions[j]!)) return mentions[j]!.char;
    return -1;
  }
}

function isVocative(text: string, m: Mention, atStart: boolean): boolean {
  const before = text.slice(Math.max(0, m.start - 8), m.start);
  const after = text[m.end] ?? '';
  return (atStart || /(?:[,.!?;:]\s?|\b(?:dear|dearest|my)\s)$/i.test(before)) && /[,!?.;]/.test(after);
}

/**
 * A paragraph's quotes split where the speaker changes: a tag naming someone other than the one
 * tagged so far ("Della said, '…' and Orrin said, '…'", "'Hush!' said Della to Orrin, while Tam said
 * 'Hush!'"), or a tag whose gender cannot be the run's so far ("said Della … and he said", "he
 * asked; and she answered: '…'", "her husband retorted; and she said, '…'"). One speaker per
 * paragraph is the usual rule of printed dialogue, but a paragraph of reported exchanges breaks
 * it, and its tags say so. Without a conflicting tag, a paragraph stays one turn.
 */
export function speakerRuns(
  list: readonly number[],
  tags: readonly (QuoteTag | null)[],
  indexOfId: ReadonlyMap<string, number>,
  gender: readonly Gender[],
): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  let named = -1;
  let runGender: Gender = 'u';
  let tagged = false;
  for (const i of list) {
    const tag = tags[i] ?? null;
    const c = tag?.kind === 'name' ? (indexOfId.get(tag.id) ?? -1) : -1;
    const g = tagGender(tag, c, gender);
    const other = (c >= 0 && tagged && c !== named) || (g !== 'u' && runGender !== 'u' && g !== runGender);
    if (run.length && other) {
      runs.push(run);
      run = [];
      named = -1;
      runGender = 'u';
      tagged = false;
    }
    run.push(i);
    if (c >= 0 && named < 0) named = c;
    if (runGender === 'u') runGender = g;
    if (tag) tagged = true;
  }
  runs.push(run);
  return runs;
}

/** The gender a tag gives its speaker: a name's, a he/she's, or a describing noun's ("her husband"). */
function tagGender(tag: QuoteTag | null, c: number, gender: readonly Gender[]): Gender {
  if (!tag) return 'u';
  if (tag.kind === 'name') return c >= 0 ? gender[c]! : 'u';
  if (tag.kind === 'pronoun') return tag.pronoun === 'he' ? 'm' : tag.pronoun === 'she' ? 'f' : 'u';
  return descriptionGender(tag.noun);
}

/**
 * The turns of a book. `quotes` are sorted by offset; `tags` and `rules` are aligned with them;
 * characters are referred to by index.
 */
export function buildTurns(
  text: string,
  quotes: readonly Quote[],
  tags: readonly (QuoteTag | null)[],
  characters: readonly Character[],
  tokens: TokenList,
): Turn[] {
  const indexOfId = new Map(characters.map((c, i) => [c.id, i]));
  const mentions = findMentions(tokens, aliasIndex(characters));
  resolveSharedSurnames(mentions, characters);
  const cast = castFacts(characters);
  // Who a describing tag can name ("said the cook" → the cook; "said the count" → the only count):
  // a role speaker is seldom named in the narration, so recency alone would not make it a candidate.
  const nounHolders = new Map<string, number[]>();
  cast.nouns.forEach((ns, c) => ns.forEach((n) => nounHolders.set(n, [...(nounHolders.get(n) ?? []), c])));
  for (const [n, c] of cast.titled) nounHolders.set(n, [...(nounHolders.get(n) ?? []), c]);
  const paragraphs = splitParagraphs(text);
  const turns: Turn[] = [];
  let p = 0;
  let mi = 0; // next mention not yet passed
  const lastSeen = new Map<number, number>(); // char -> token of last narration mention
  let prevPara = -Infinity;
  let prevTurnEndTok = 0;
  for (let qi = 0; qi < quotes.length;) {
    const q = quotes[qi]!;
    while (p < paragraphs.length - 1 && paragraphs[p]!.end < q.startOffset) p++;
    const para = paragraphs[p]!;
    const list: number[] = [];
    while (qi < quotes.length && quotes[qi]!.startOffset <= para.end) list.push(qi++);
    const lo = tokenAt(tokens, para.start);
    const hi = tokenAt(tokens, para.end);

    // Narration mentions before this paragraph: recency, and what the gap paragraphs name.
    const between = new Set<number>();
    while (mi < mentions.length && mentions[mi]!.token < lo) {
      const m = mentions[mi++]!;
      if (m.inQuote) continue;
      lastSeen.set(m.char, m.token);
      if (m.token >= prevTurnEndTok) between.add(m.char);
    }
    const near: [number, number][] = [];
    // A character out of the window stays out until it is named again (which sets it anew), so it
    // leaves the map: the map holds the window's characters, not every one named so far.
    lastSeen.forEach((t, c) => {
      if (lo - t <= WINDOW_TOKENS) near.push([c, lo - t]);
      else lastSeen.delete(c);
    });
    near.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const distance = exact(near.flat());
    let paraEndMention = mi;
    while (paraEndMention < mentions.length && mentions[paraEndMention]!.token < hi) paraEndMention++;
    const ahead: number[] = [];
    for (let k = paraEndMention; k < mentions.length && ahead.length < 2 * AHEAD_CANDIDATES; k++) {
      const m = mentions[k]!;
      if (m.token - hi > AHEAD_TOKENS) break;
      if (!m.inQuote && pairOf(ahead, m.char) === undefined) ahead.push(m.char, m.token - hi);
    }
    const aheadPairs = exact(ahead);

    let narrationWords = 0;
    for (let t = lo; t < hi && narrationWords === 0; t++) if (!tokens.at(t)!.inQuote) narrationWords++;
    // The paragraph before leads in only if it is narration (not itself a turn).
    const leadIn =
      p > 0 && p - 1 > prevPara ? leadInOf(text, paragraphs[p - 1]!, tokens, mentions) : { char: -1, pronoun: null };

    const runs = speakerRuns(list, tags, indexOfId, cast.gender);
    runs.forEach((run, r) => {
      // A run's narration reaches from the end of the run before (or the paragraph's start) to the
      // start of the run after (or the paragraph's end): "Della said, '…' and Orrin said, '…'".
      const segLo = r === 0 ? lo : tokenAt(tokens, quotes[runs[r - 1]!.at(-1)!]!.endOffset);
      const segHi = r === runs.length - 1 ? hi : tokenAt(tokens, quotes[runs[r + 1]![0]!]!.startOffset);
      const firstQuoteTok = tokenAt(tokens, quotes[run[0]!]!.startOffset);
      const narration: number[] = [];
      const narrationBefore = new Set<number>();
      const vocatives = new Set<number>();
      const quoteMentions = new Set<number>();
      for (let k = mi; k < paraEndMention; k++) {
        const m = mentions[k]!;
        if (m.token < segLo || m.token >= segHi) continue;
        if (!m.inQuote) {
          narration.push(m.char);
          if (m.token < firstQuoteTok) narrationBefore.add(m.char);
          continue;
        }
        const atStart = run.some((i) => quotes[i]!.startOffset >= m.start - 2 && quotes[i]!.startOffset <= m.start);
        if (isVocative(text, m, atStart)) vocatives.add(m.char);
        else quoteMentions.add(m.char);
      }

      const tagNames = new Set<number>();
      let tagPronoun: Turn['tagPronoun'] = null;
      let tagNoun: string | null = null;
      let kin = -1;
      for (const i of run) {
        const tag = tags[i];
        if (!tag) continue;
        if (tag.kind === 'name') {
          const c = indexOfId.get(tag.id);
          if (c !== undefined) tagNames.add(c);
        } else if (tag.kind === 'pronoun') tagPronoun ??= tag.pronoun === 'i' ? 'i' : tag.pronoun === 'he' ? 'm' : 'f';
        else if (tagNoun === null) {
          tagNoun = tag.noun;
          kin = tag.kin === undefined ? -1 : (indexOfId.get(tag.kin) ?? -1);
        }
      }
      const pronounAntecedent =
        tagPronoun === 'm' || tagPronoun === 'f'
          ? antecedentOf(tokens, mentions, firstQuoteTok, tagPronoun, cast.gender)
          : -1;
      const first = quotes[run[0]!]!;
      const before = run[0]! > 0 ? quotes[run[0]! - 1]! : null;
      const carriesOn =
        r === 0 &&
        p - prevPara === 1 &&
        before !== null &&
        leftOpen(text, before, paragraphs[p - 1]!.end) &&
        OPENING.test(text.slice(para.start, first.startOffset).trim());
      const ruleChar = first.speakerId === null ? undefined : indexOfId.get(first.speakerId);
      const rule = ruleChar === undefined ? null : { char: ruleChar, method: first.attributionMethod };

      const cands = new Set<number>([...tagNames, ...narration]);
      for (let k = 0; k < near.length && k < RECENT_CANDIDATES; k++) cands.add(near[k]![0]);
      for (let k = 0; k < ahead.length; k += 2) cands.add(ahead[k]!);
      if (rule) cands.add(rule.char);
      if (tagNoun) for (const c of nounHolders.get(tagNoun) ?? []) cands.add(c);
      if (kin >= 0) cands.add(kin);
      if (cast.narrator >= 0) cands.add(cast.narrator);
      for (let j = turns.length - 1; j >= Math.max(0, turns.length - RULE_HISTORY); j--) {
        const rj = turns[j]!.rule;
        if (rj) cands.add(rj.char);
        for (const v of turns[j]!.vocatives) cands.add(v);
      }
      for (const v of vocatives) cands.add(v);
      const lead = r === 0 ? leadIn : { char: -1, pronoun: null };
      if (lead.char >= 0) cands.add(lead.char);
      // The run's first quote, else a later untagged one that the narration before it introduces
      // ('"Listen!" Then Orla chaffed him: "…"'); a tagged one's narration is its tag.
      let leadInHere = -1;
      for (let k = 0; k < run.length && leadInHere < 0; k++) {
        if (k > 0 && tags[run[k]!]) continue;
        const from = k === 0 ? segLo : tokenAt(tokens, quotes[run[k - 1]!]!.endOffset);
        leadInHere = leadInHereOf(text, quotes[run[k]!]!.startOffset, from, tokens, mentions);
      }
      if (leadInHere >= 0) cands.add(leadInHere);

      turns.push({
        para: p,
        quotes: exact(run),
        gap: r === 0 ? p - prevPara - 1 : 0,
        pure: narrationWords === 0,
        tagNames: shared(tagNames),
        tagPronoun,
        tagNoun,
        pronounAntecedent,
        rule,
        carriesOn,
        vocatives: shared(vocatives),
        addressed: addressGender(run.map((i) => quotes[i]!.text)),
        quoteMentions: shared(quoteMentions),
        narration: exact(narration),
        narrationBefore: shared(narrationBefore),
        between: r === 0 ? shared(between) : EMPTY,
        distance,
        ahead: aheadPairs,
        leadIn: lead.char,
        leadInPronoun: lead.pronoun,
        leadInHere,
        nounLinked: kin,
        candidates: [...cands],
      });
    });
    prevPara = p;
    prevTurnEndTok = hi;
  }
  linkTagNouns(turns);
  return turns;
}

/** Tag nouns that point at someone relative to the scene ("said the other"), not at one person. */
const RELATIVE_NOUNS = new Set([
  'other',
  'others',
  'first',
  'second',
  'third',
  'former',
  'latter',
  'last',
  'one',
  'same',
]);
/** Net votes a tag noun needs before it is linked to a character, ... */
const MIN_LINK_VOTES = 2;
/** ... and the share of the turns it describes that those votes must reach. */
const MIN_LINK_SHARE = 0.1;

/**
 * Links each describing tag noun to the one character the book's own tags show behind it. A book
 * calls a speaker "the old gentleman" or "the stranger" for chapters without naming him in the tag,
 * but names him in the tags around: in an exchange, the turn two before or after a described turn
 * is the same voice (a vote for whom its tag names) and the turn next to it the other (a vote
 * against). A noun whose votes, summed over the book, put one character at MIN_LINK_VOTES or more,
 * at MIN_LINK_SHARE of the noun's turns or more, and over twice the next (`clearLeader`) is linked to
 * that character in every turn it tags (`nounLinked`, and a candidate there); a noun used for
 * several people ("the man": in one dev novel 87 turns, 7 votes for the one man most named around
 * them) links to no one. The model weighs the link against the scene's own cues.
 */
export function linkTagNouns(turns: Turn[]): void {
  const votes = new Map<string, Map<number, number>>();
  const described = new Map<string, number>();
  const oneConversation = (a: number, b: number): boolean => {
    for (let k = a + 1; k <= b; k++) if (turns[k]!.gap > CONVERSATION_GAP) return false;
    return true;
  };
  turns.forEach((t, i) => {
    if (!t.tagNoun || t.tagNames.size || RELATIVE_NOUNS.has(t.tagNoun)) return;
    described.set(t.tagNoun, (described.get(t.tagNoun) ?? 0) + 1);
    const v = votes.get(t.tagNoun) ?? new Map<number, number>();
    votes.set(t.tagNoun, v);
    for (const d of [-2, -1, 1, 2]) {
      const j = i + d;
      const other = turns[j];
      if (!other || other.tagNames.size !== 1 || !oneConversation(Math.min(i, j), Math.max(i, j))) continue;
      const [c] = other.tagNames;
      v.set(c!, (v.get(c!) ?? 0) + (d % 2 === 0 ? 1 : -1));
    }
  });
  const link = new Map<string, number>();
  for (const [noun, v] of votes) {
    const c = clearLeader(v, Math.max(MIN_LINK_VOTES, MIN_LINK_SHARE * described.get(noun)!));
    if (c !== undefined) link.set(noun, c);
  }
  for (const t of turns) {
    // A kin tag ("said her father") is linked to the relative already (`relativeOf`).
    const c = t.tagNoun && !t.tagNames.size && t.nounLinked < 0 ? link.get(t.tagNoun) : undefined;
    if (c === undefined) continue;
    t.nounLinked = c;
    if (!t.candidates.includes(c)) t.candidates = [...t.candidates, c];
  }
}

/**
 * An untagged run: consecutive turns of one conversation (no more than CONVERSATION_GAP narration
 * paragraphs apart) whose tags name no one, turns [start, end). `before` and `after` are the
 * name-tagged turns that close it in the same conversation (start - 1 and end), or -1 where the run
 * opens or ends its conversation (or the book).
 */
export interface UntaggedRun {
  start: number;
  end: number;
  before: number;
  after: number;
}

/**
 * The untagged runs of a book, in order. The confidence model and the speaker model's flip margin
 * read the same runs, so their boundaries are drawn here once.
 */
export function untaggedRuns(turns: readonly Turn[]): UntaggedRun[] {
  const inConversation = (i: number) => i < turns.length && turns[i]!.gap <= CONVERSATION_GAP;
  const out: UntaggedRun[] = [];
  for (let a = 0; a < turns.length;) {
    if (turns[a]!.tagNames.size) {
      a++;
      continue;
    }
    let b = a + 1;
    while (b < turns.length && !turns[b]!.tagNames.size && inConversation(b)) b++;
    out.push({ start: a, end: b, before: a > 0 && inConversation(a) ? a - 1 : -1, after: inConversation(b) ? b : -1 });
    a = b;
  }
  return out;
}
