// Every feature the speaker model reads, named in one place. A feature describes one candidate
// speaker of one turn; `history` is who spoke the turns before (most recent first), as the decoder
// has chosen them (in training: as the annotators did).
import { descriptionGender } from '../characters/descriptions.js';
import { aheadOf, AHEAD_TOKENS, distanceOf, type CastFacts, type Turn } from './turns.js';

export const BASE_FEATURES = [
  // Speech tags.
  'tagName', // a tag names the candidate: "…," said Orla
  'tagNameOther', // a tag names someone, not the candidate
  'pronounMatch', // "…," she said, and the candidate is a woman
  'pronounMismatch',
  'pronounUnknownGender',
  'pronounRecent', // … and the candidate is the most recent narration mention of that gender
  'pronounAntecedent', // … and the candidate is the subject of the nearest sentence naming one of that gender
  'iTagNarrator', // "…," said I, and the candidate is the narrator
  'nounMatch', // "said the cook", and the candidate is the cook
  'nounGenderMatch', // "replied his wife", and the candidate is a woman
  'nounGenderMismatch',
  'nounLinked', // "said the stranger", and the tags around the book's "stranger" turns name the candidate
  'pronounAddressed', // "…," he said, and the turn before addressed the candidate, a man
  'pronounInConversation', // "…," she said, and the candidate, a woman, spoke in this conversation but not last
  'pronounSubject', // "…," she said, and the candidate is the woman named before the quote in its paragraph
  'leadIn', // the narration paragraph before ends "…Mr. Venning said," naming the candidate
  'leadInPronounMatch', // … ends "…she answered:", and the candidate is a woman
  'leadInPronounMismatch',
  'leadInHere', // the sentence before the quote in its paragraph introduces it: "Idris cut him short with:"
  // The rule sieves' choice, by the sieve that made it.
  'ruleExplicit',
  'rulePronoun',
  'ruleNarrator',
  'ruleContinuation',
  'ruleNarration',
  'ruleVocative',
  'ruleTurnTaking',
  // Names said inside quotations.
  'vocativeHere', // "Well, Orla?": Orla is addressed, so she is not speaking
  'namedInQuote',
  'vocativePrev', // the turn before addressed the candidate: they answer
  'vocativeNext', // the turn after addresses the candidate: they spoke this one
  // Forms of address ("Yes, sir.", "Oh, mamma!"): the gender of who is spoken to.
  'addressedHere', // this turn addresses the candidate's gender
  'addressedPrev', // the turn before addressed the candidate's gender: they may be answering
  'addressedPrevOther', // … addressed the other gender
  'addressedNext', // the turn after addresses the candidate's gender: they may have spoken this one
  'addressedNextOther', // … addresses the other gender
  // Narration.
  'narrationFirst', // the first name in the paragraph's narration (its subject, usually)
  'narrationAny',
  'narrationBefore', // named before the quote in its own paragraph: Orla looked up. "…"
  'betweenTurns', // named in the narration since the last turn
  'recency', // 1 for a name just read, falling to 0 at WINDOW tokens
  'unseen', // not named in narration recently
  'namedAhead', // named in the narration just after the turn: 1 right after, falling to 0 at AHEAD_TOKENS
  'centrality', // how often the book names the candidate
  'isNarrator',
  'genderUnknown',
  // Conversation: who spoke before.
  'spokeLast', // spoke the turn before, with nothing between
  'spokeLastAfterNarration', // spoke the turn before, with narration between
  'carriesOn', // spoke the turn before, whose quotation this paragraph carries on (left open there)
  'alternation', // spoke two turns back and not the last: A, B, A
  'alternationPure', // … in a paragraph that is only dialogue
  'alternationTagless', // … in a turn without a tag
  'spokeThreeBack',
  'inConversation', // spoke in the last six turns
  'historyShare', // share of the last six turns the candidate spoke, conversation or not
  'newToConversation', // a conversation is going on and the candidate has not spoken in it
] as const;

export type FeatureName = (typeof BASE_FEATURES)[number];
export const BASE_COUNT = BASE_FEATURES.length;

/**
 * The kind of turn a feature is read in. How much a cue is worth depends on it (alternation
 * decides an untagged exchange of bare quotes but hardly matters against a name tag), which a
 * linear model cannot learn from one weight per cue: every feature is also given a copy for its
 * turn's kind, weighed on its own.
 */
export const TURN_KINDS = ['nameTag', 'pronounTag', 'bare', 'narrated'] as const;

export function turnKind(t: Turn): number {
  if (t.tagNames.size) return 0;
  if (t.tagPronoun || t.tagNoun) return 1;
  return t.pure ? 2 : 3;
}

/** The model's inputs: the base features, then one block of copies per turn kind. */
export const FEATURES: readonly string[] = [
  ...BASE_FEATURES,
  ...TURN_KINDS.flatMap((k) => BASE_FEATURES.map((f) => `${f}@${k}`)),
];
export const FEATURE_COUNT = FEATURES.length;
const F = Object.fromEntries(BASE_FEATURES.map((n, i) => [n, i])) as Record<FeatureName, number>;

/** Tokens after which a narration mention no longer makes a character present. */
const RECENCY_TOKENS = 1500;
/** Narration paragraphs between two turns that still count as one conversation. */
export const CONVERSATION_GAP = 1;

const RULE_FEATURE: Partial<Record<string, FeatureName>> = {
  explicit: 'ruleExplicit',
  pronoun: 'rulePronoun',
  narrator: 'ruleNarrator',
  continuation: 'ruleContinuation',
  narration: 'ruleNarration',
  vocative: 'ruleVocative',
  'turn-taking': 'ruleTurnTaking',
};

/** The most recent narration mention of the gender a pronoun tag asks for. */
export function pronounReferent(turn: Turn, cast: CastFacts): number {
  if (turn.tagPronoun !== 'm' && turn.tagPronoun !== 'f') return -1;
  for (let k = turn.narrationBefore.size ? turn.narration.length - 1 : -1; k >= 0; k--) {
    const c = turn.narration[k]!;
    if (turn.narrationBefore.has(c) && cast.gender[c] === turn.tagPronoun) return c;
  }
  let best = -1;
  let bestD = Infinity;
  const dist = turn.distance;
  for (let k = 0; k < dist.length; k += 2)
    if (cast.gender[dist[k]!] === turn.tagPronoun && dist[k + 1]! < bestD) [best, bestD] = [dist[k]!, dist[k + 1]!];
  return best;
}

/** Writes the features of candidate `c` for turn `i` into `out` (length FEATURE_COUNT). */
export function featuresOf(
  turns: readonly Turn[],
  i: number,
  c: number,
  cast: CastFacts,
  history: readonly number[],
  referent: number,
  out: Float64Array,
): void {
  baseFeaturesOf(turns, i, c, cast, history, referent, out);
  out.fill(0, BASE_COUNT);
  const block = BASE_COUNT * (1 + turnKind(turns[i]!));
  for (let f = 0; f < BASE_COUNT; f++) out[block + f] = out[f]!;
}

/**
 * Writes only the BASE_FEATURES of candidate `c` for turn `i` into `out[0..BASE_COUNT)`: the
 * per-kind copies repeat them, so scoring folds their weights together (`kindWeights`) and reads
 * a fifth of the numbers.
 */
export function baseFeaturesOf(
  turns: readonly Turn[],
  i: number,
  c: number,
  cast: CastFacts,
  history: readonly number[],
  referent: number,
  out: Float64Array,
): void {
  staticFeaturesOf(turns, i, c, cast, referent, out);
  historyFeaturesOf(turns, i, c, cast, history, out);
}

/**
 * The features that depend on who spoke before (the decoder's history); every other base feature
 * is the same on every beam path, so the decoder scores those once per turn and candidate.
 */
export const HISTORY_FEATURES: readonly FeatureName[] = [
  'spokeLast',
  'spokeLastAfterNarration',
  'carriesOn',
  'alternation',
  'alternationPure',
  'alternationTagless',
  'spokeThreeBack',
  'pronounInConversation',
  'historyShare',
  'inConversation',
  'newToConversation',
];
/** HISTORY_FEATURES as indices into the base features. */
export const HISTORY_INDEX: readonly number[] = HISTORY_FEATURES.map((f) => F[f]);

/** The base features that do not depend on the history, into `out[0..BASE_COUNT)` (the rest 0). */
export function staticFeaturesOf(
  turns: readonly Turn[],
  i: number,
  c: number,
  cast: CastFacts,
  referent: number,
  out: Float64Array,
): void {
  out.fill(0, 0, BASE_COUNT);
  const t = turns[i]!;
  const g = cast.gender[c];
  if (t.tagNames.has(c)) out[F.tagName] = 1;
  else if (t.tagNames.size) out[F.tagNameOther] = 1;
  if (t.tagPronoun === 'm' || t.tagPronoun === 'f') {
    if (g === t.tagPronoun) out[F.pronounMatch] = 1;
    else if (g === 'u') out[F.pronounUnknownGender] = 1;
    else out[F.pronounMismatch] = 1;
    if (referent === c) out[F.pronounRecent] = 1;
    if (t.pronounAntecedent === c) out[F.pronounAntecedent] = 1;
  }
  if (t.tagPronoun === 'i' && c === cast.narrator) out[F.iTagNarrator] = 1;
  if (t.tagNoun && (cast.nouns[c]!.includes(t.tagNoun) || cast.titled.get(t.tagNoun) === c)) out[F.nounMatch] = 1;
  if (t.nounLinked === c) out[F.nounLinked] = 1;
  if (t.leadIn === c) out[F.leadIn] = 1;
  if (t.leadInHere === c) out[F.leadInHere] = 1;
  if (t.leadInPronoun && g !== 'u') out[g === t.leadInPronoun ? F.leadInPronounMatch : F.leadInPronounMismatch] = 1;
  const nounGender = t.tagNoun ? descriptionGender(t.tagNoun) : 'u';
  if (nounGender !== 'u' && g !== 'u') out[g === nounGender ? F.nounGenderMatch : F.nounGenderMismatch] = 1;
  if (t.rule && t.rule.char === c) {
    const f = RULE_FEATURE[t.rule.method];
    if (f) out[F[f]] = 1;
  }
  if (t.vocatives.has(c)) out[F.vocativeHere] = 1;
  if (t.quoteMentions.has(c)) out[F.namedInQuote] = 1;
  const prev = turns[i - 1];
  const next = turns[i + 1];
  if (prev && t.gap <= CONVERSATION_GAP && prev.vocatives.has(c)) out[F.vocativePrev] = 1;
  if (next && next.gap <= CONVERSATION_GAP && next.vocatives.has(c)) out[F.vocativeNext] = 1;
  if (g !== 'u') {
    if (t.addressed === g) out[F.addressedHere] = 1;
    const before = prev && t.gap <= CONVERSATION_GAP ? prev.addressed : 'u';
    if (before !== 'u') out[before === g ? F.addressedPrev : F.addressedPrevOther] = 1;
    const after = next && next.gap <= CONVERSATION_GAP ? next.addressed : 'u';
    if (after !== 'u') out[after === g ? F.addressedNext : F.addressedNextOther] = 1;
  }
  if (t.narration[0] === c) out[F.narrationFirst] = 1;
  if (t.narration.includes(c)) out[F.narrationAny] = 1;
  if (t.narrationBefore.has(c)) out[F.narrationBefore] = 1;
  if (t.between.has(c)) out[F.betweenTurns] = 1;
  const d = distanceOf(t, c);
  if (d === undefined) out[F.unseen] = 1;
  else out[F.recency] = Math.max(0, 1 - d / RECENCY_TOKENS);
  const a = aheadOf(t, c);
  if (a !== undefined) out[F.namedAhead] = 1 - a / AHEAD_TOKENS;
  out[F.centrality] = cast.weight[c] ?? 0;
  if (c === cast.narrator) out[F.isNarrator] = 1;
  if (g === 'u') out[F.genderUnknown] = 1;

  const pronounFits = (t.tagPronoun === 'm' || t.tagPronoun === 'f') && g === t.tagPronoun;
  if (pronounFits && out[F.vocativePrev]) out[F.pronounAddressed] = 1;
  if (pronounFits && t.narrationBefore.has(c)) out[F.pronounSubject] = 1;
}

/** Writes the HISTORY_FEATURES of candidate `c` for turn `i` into `out` (the others untouched). */
export function historyFeaturesOf(
  turns: readonly Turn[],
  i: number,
  c: number,
  cast: CastFacts,
  history: readonly number[],
  out: Float64Array,
): void {
  for (let j = 0; j < HISTORY_INDEX.length; j++) out[HISTORY_INDEX[j]!] = 0;
  const t = turns[i]!;
  const prev = turns[i - 1];
  // History counts only within a conversation: turns no further apart than CONVERSATION_GAP.
  const linked1 = t.gap <= CONVERSATION_GAP;
  const linked2 = linked1 && !!prev && prev.gap <= CONVERSATION_GAP;
  const s1 = history[0] ?? -1;
  const s2 = history[1] ?? -1;
  const s3 = history[2] ?? -1;
  if (linked1 && s1 === c) out[t.gap === 0 ? F.spokeLast : F.spokeLastAfterNarration] = 1;
  if (t.carriesOn && s1 === c) out[F.carriesOn] = 1;
  if (linked2 && s2 === c && s1 !== c) {
    out[F.alternation] = 1;
    if (t.pure) out[F.alternationPure] = 1;
    if (!t.tagNames.size && !t.tagPronoun) out[F.alternationTagless] = 1;
  }
  if (linked2 && s3 === c && s1 !== c && s2 !== c) out[F.spokeThreeBack] = 1;
  const g = cast.gender[c];
  const pronounFits = (t.tagPronoun === 'm' || t.tagPronoun === 'f') && g === t.tagPronoun;
  if (pronounFits && linked1 && s1 !== c) {
    for (let k = 1; k < 6 && k < history.length; k++) if (history[k] === c) out[F.pronounInConversation] = 1;
  }
  let spoke = 0;
  for (let k = 0; k < history.length; k++) if (history[k] === c) spoke++;
  if (history.length) out[F.historyShare] = spoke / history.length;
  if (linked1) {
    let span = 0;
    let inConv = false;
    for (let k = 0; k < history.length && k < 6; k++) {
      if (k > 0 && turns[i - k]!.gap > CONVERSATION_GAP) break;
      span++;
      if (history[k] === c) inConv = true;
    }
    if (inConv) out[F.inConversation] = 1;
    else if (span >= 2) out[F.newToConversation] = 1;
  }
}

/**
 * Per turn kind, the weight each base feature really carries: its shared weight plus its kind
 * copy's. `kindWeights(w)[k][f]` · base features = the full weights · featuresOf.
 */
export function kindWeights(weights: readonly number[]): Float64Array[] {
  return TURN_KINDS.map((_, k) => {
    const out = new Float64Array(BASE_COUNT);
    for (let f = 0; f < BASE_COUNT; f++) out[f] = weights[f]! + weights[BASE_COUNT * (1 + k) + f]!;
    return out;
  });
}
