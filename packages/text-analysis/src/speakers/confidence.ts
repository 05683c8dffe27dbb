// How sure the engine is of a decided speaker. The speaker model's own probability says how a turn's
// candidates compare given the decoded history, not whether that history is right: a long untagged
// exchange is decided with high probability and flips parity as a whole. So the confidence is a
// second, small logistic model over facts of the decision (the probability, the margin over the
// runner-up, the kind of turn, how far the nearest name tag is in its conversation), fitted on
// out-of-fold decodes of held-out novels, then mapped through the isotonic calibration.
import { CONVERSATION_GAP, turnKind } from './features.js';
import type { Turn } from './turns.js';

export const CONFIDENCE_FEATURES = [
  'logOdds', // log(p / (1 - p)) of the chosen speaker
  'margin', // p - the best other candidate's p
  'candidates', // log of the number of candidates
  'pronounTag', // the turn's kind (a name tag is the baseline)
  'bareTurn',
  'narratedTurn',
  'anchorNext', // the nearest name-tagged turn of the conversation is the one before or after
  'anchorTwo', // … two turns away
  'anchorFar', // … further: min(turns, 10) / 10
  'noAnchor', // no turn of the conversation names its speaker in a tag
  'conversation', // log of the conversation's number of turns
  'sameAsLast', // the speaker also spoke the turn before, in the same conversation
  'ruleAgrees', // the rule sieves chose the same speaker
  'answersAddress', // the turn before addressed the speaker by name: they answer
  'addressedHere', // the turn addresses the speaker by name: rarely their own words
  'namedHere', // the speaker is named in the paragraph's narration
  'bias',
] as const;
export type ConfidenceFeature = (typeof CONFIDENCE_FEATURES)[number];
export const CONFIDENCE_COUNT = CONFIDENCE_FEATURES.length;
const C = Object.fromEntries(CONFIDENCE_FEATURES.map((n, i) => [n, i])) as Record<ConfidenceFeature, number>;

/** Logistic weights over CONFIDENCE_FEATURES. */
export interface ConfidenceModel {
  features: readonly string[];
  weights: readonly number[];
}

/**
 * Per turn, what its conversation looks like (turns no more than CONVERSATION_GAP narration
 * paragraphs apart): the distance in turns to the nearest turn with a name tag (Infinity when
 * none), and the number of turns.
 */
export interface ConversationFacts {
  anchor: number[];
  length: number[];
}

export function conversationFacts(turns: readonly Turn[]): ConversationFacts {
  const n = turns.length;
  const anchor = new Array<number>(n).fill(Infinity);
  const length = new Array<number>(n).fill(1);
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && turns[end]!.gap <= CONVERSATION_GAP) end++;
    let last = -Infinity;
    for (let i = start; i < end; i++) {
      if (turns[i]!.tagNames.size) last = i;
      anchor[i] = i - last;
    }
    last = Infinity;
    for (let i = end - 1; i >= start; i--) {
      if (turns[i]!.tagNames.size) last = i;
      anchor[i] = Math.min(anchor[i]!, last - i);
      length[i] = end - start;
    }
    start = end;
  }
  return { anchor, length };
}

/** What the confidence reads of one decision. */
export interface DecisionFacts {
  speaker: number;
  /** Model probability of the chosen speaker, and of the best other candidate (0 if none). */
  probability: number;
  runnerUp: number;
  candidates: number;
  sameAsLast: boolean;
  ruleAgrees: boolean;
}

/** The facts of turn i's decision `d`, given the speaker decided for the turn before. */
export function decisionFacts(
  turns: readonly Turn[],
  i: number,
  d: { speaker: number; probability: number; ranked: readonly { char: number; probability: number }[] },
  previous: number,
): DecisionFacts {
  const t = turns[i]!;
  return {
    speaker: d.speaker,
    probability: d.probability,
    runnerUp: d.ranked.find((r) => r.char !== d.speaker)?.probability ?? 0,
    candidates: d.ranked.length,
    sameAsLast: t.gap <= CONVERSATION_GAP && previous === d.speaker,
    ruleAgrees: t.rule?.char === d.speaker,
  };
}

/** The CONFIDENCE_FEATURES of the decision of turn i, into `out`. */
export function confidenceFeatures(
  turns: readonly Turn[],
  i: number,
  conversation: ConversationFacts,
  d: DecisionFacts,
  out: Float64Array,
): Float64Array {
  out.fill(0);
  const p = Math.min(Math.max(d.probability, 1e-4), 1 - 1e-4);
  out[C.logOdds] = Math.log(p / (1 - p));
  out[C.margin] = d.probability - d.runnerUp;
  out[C.candidates] = Math.log(Math.max(1, d.candidates));
  const kind = turnKind(turns[i]!);
  if (kind === 1) out[C.pronounTag] = 1;
  else if (kind === 2) out[C.bareTurn] = 1;
  else if (kind === 3) out[C.narratedTurn] = 1;
  const a = conversation.anchor[i]!;
  if (a === 1) out[C.anchorNext] = 1;
  else if (a === 2) out[C.anchorTwo] = 1;
  else if (a === Infinity) out[C.noAnchor] = 1;
  else if (a > 2) out[C.anchorFar] = Math.min(a, 10) / 10;
  out[C.conversation] = Math.log(conversation.length[i]!);
  if (d.sameAsLast) out[C.sameAsLast] = 1;
  if (d.ruleAgrees) out[C.ruleAgrees] = 1;
  const t = turns[i]!;
  const prev = turns[i - 1];
  if (prev && t.gap <= CONVERSATION_GAP && prev.vocatives.has(d.speaker)) out[C.answersAddress] = 1;
  if (t.vocatives.has(d.speaker)) out[C.addressedHere] = 1;
  if (t.narration.includes(d.speaker)) out[C.namedHere] = 1;
  out[C.bias] = 1;
  return out;
}

/** The confidence model's probability that the decision is right (before the isotonic map). */
export function certaintyOf(model: ConfidenceModel | undefined, x: Float64Array, probability: number): number {
  if (!model) return probability;
  let z = 0;
  for (let f = 0; f < CONFIDENCE_COUNT; f++) z += model.weights[f]! * x[f]!;
  return 1 / (1 + Math.exp(-z));
}
