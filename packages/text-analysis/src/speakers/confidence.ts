// How sure the engine is of a decided speaker. The speaker model's own probability says how a turn's
// candidates compare given the decoded history, not whether that history is right: a long untagged
// exchange is decided with high probability and flips parity as a whole. So the confidence is a
// second, small model over facts of the decision (the probability, the margin over the runner-up,
// the kind of turn, how far the nearest name tag is in its conversation): logistic weights with a
// hidden layer of a few tanh units beside them, fitted on out-of-fold decodes of held-out novels,
// then mapped through the isotonic calibration. What it
// is asked for is mostly a ranking (which quotes a reviewer should read first), and most errors
// that rank high are untagged runs decided the wrong way round, so several facts describe the run:
// its length, the turn's place in it, and how much less probable the path is with the run's two
// speakers swapped (`flipMargins` in model.ts).
import { CONVERSATION_GAP, turnKind } from './features.js';
import { distanceOf, untaggedRuns, type Turn } from './turns.js';

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
  'staticLogOdds', // log-odds of the speaker on the features that ignore who spoke before
  'staticAgrees', // … on which the speaker is also the best candidate
  'entropy', // entropy of the candidates' probabilities
  'plausible', // log of the number of candidates at probability 0.05 or more
  'tagged', // a tag names the speaker
  'ruleDisagrees', // the rule sieves chose someone else
  'runPosition', // turns since the last name tag of the conversation: min(n, 10) / 10
  'runLength', // turns in the untagged run the turn is in: min(n, 20) / 20
  'bookTurns', // log(1 + turns the path gives the speaker in the book) / 5: minor voices err more
  'conversationSpeakers', // log of the number of speakers the path gives the conversation
  'inFlipRun', // the turn is in an untagged run with two speakers to swap
  'flip', // log(1 + how much less probable, in log, the path is with the run's speakers swapped)
  'runBreaks', // log(1 + places where the path over the run does not alternate)
  'anchorsDisagree', // the name tags either side of the run cannot be joined by strict alternation
  // Products a linear model cannot form: the probability counts for less deep in a run, or far from a tag.
  'logOddsByFlip',
  'logOddsUnanchored',
  'runPositionByLength',
  // The probability means something else for each kind of turn: a slope per kind.
  'logOddsPronoun',
  'logOddsBare',
  'logOddsNarrated',
  'marginInRun', // the margin deep in an untagged run
  'entropyUnanchored',
  'gap', // narration paragraphs before the turn: min(gap, 4) / 4 (a scene may have moved on)
  'purePara', // the paragraph is the quote alone
  'othersBetween', // log(1 + others named in the narration since the last turn)
  'mentionDistance', // log(1 + tokens since the speaker was last named in narration) / 8; 1 if not recently
  'bias',
] as const;
export type ConfidenceFeature = (typeof CONFIDENCE_FEATURES)[number];
export const CONFIDENCE_COUNT = CONFIDENCE_FEATURES.length;
const C = Object.fromEntries(CONFIDENCE_FEATURES.map((n, i) => [n, i])) as Record<ConfidenceFeature, number>;

/**
 * Logistic weights over CONFIDENCE_FEATURES, and beside them a small hidden layer of tanh units
 * (over the features divided by `scale`) for the combinations a linear model cannot form.
 */
export interface ConfidenceModel {
  features: readonly string[];
  weights: readonly number[];
  scale?: readonly number[];
  /** One row of weights over the scaled features per hidden unit, and each unit's weight out. */
  hidden?: readonly (readonly number[])[];
  out?: readonly number[];
}

/**
 * Per turn, what its conversation looks like (turns no more than CONVERSATION_GAP narration
 * paragraphs apart): the distance in turns to the nearest turn with a name tag (Infinity when
 * none), the number of turns, and its untagged run (consecutive turns of the conversation whose
 * tags name no one): the turn's position in it (1 for the first, 0 for a name-tagged turn) and its
 * length (0 for a name-tagged turn).
 */
export interface ConversationFacts {
  anchor: number[];
  length: number[];
  run: number[];
  runLength: number[];
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
  const run = new Array<number>(n).fill(0);
  const runLength = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    if (turns[i]!.tagNames.size) continue;
    run[i] = i > 0 && turns[i]!.gap <= CONVERSATION_GAP ? run[i - 1]! + 1 : 1;
  }
  for (let i = n - 1; i >= 0; i--)
    if (run[i]) runLength[i] = i + 1 < n && run[i + 1]! > run[i]! ? runLength[i + 1]! : run[i]!;
  return { anchor, length, run, runLength };
}

/** Facts of the whole decoded path: turns per speaker, speakers per turn's conversation, run flips. */
export interface PathFacts {
  turnsOf: Map<number, number>;
  conversationSpeakers: number[];
  /** flipMargins (model.ts): NaN outside a run with two speakers. */
  flip: Float64Array;
  /**
   * Per turn of an untagged run: where the path over the run and the name-tagged turns either side
   * of it does not alternate (A, B, A: a speaker twice running, or a third one), and whether those
   * two tagged turns are of speakers strict alternation cannot join (a break must lie between).
   */
  breaks: number[];
  anchorsDisagree: boolean[];
}

export function pathFacts(turns: readonly Turn[], chosen: readonly number[], flip: Float64Array): PathFacts {
  const turnsOf = new Map<number, number>();
  for (const c of chosen) if (c >= 0) turnsOf.set(c, (turnsOf.get(c) ?? 0) + 1);
  const conversationSpeakers = new Array<number>(turns.length).fill(0);
  for (let start = 0; start < turns.length;) {
    let end = start + 1;
    while (end < turns.length && turns[end]!.gap <= CONVERSATION_GAP) end++;
    const who = new Set<number>();
    for (let i = start; i < end; i++) if (chosen[i]! >= 0) who.add(chosen[i]!);
    for (let i = start; i < end; i++) conversationSpeakers[i] = who.size;
    start = end;
  }
  const breaks = new Array<number>(turns.length).fill(0);
  const anchorsDisagree = new Array<boolean>(turns.length).fill(false);
  for (const { start: a, end: b, before, after } of untaggedRuns(turns)) {
    // The run with the tagged turns that close it.
    const lo = before >= 0 ? before : a;
    const hi = after >= 0 ? after : b - 1;
    let n = 0;
    for (let k = lo + 1; k <= hi; k++)
      if (chosen[k] === chosen[k - 1] || (k >= lo + 2 && chosen[k] !== chosen[k - 2])) n++;
    const disagree = lo < a && hi >= b && ((hi - lo) % 2 === 0) !== (chosen[hi] === chosen[lo]);
    for (let i = a; i < b; i++) {
      breaks[i] = n;
      anchorsDisagree[i] = disagree;
    }
  }
  return { turnsOf, conversationSpeakers, flip, breaks, anchorsDisagree };
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
  /** The speaker's probability on the history-free features alone, and whether it is the best there. */
  staticProbability: number;
  staticBest: boolean;
  /** Entropy of the candidates' probabilities, and how many have at least PLAUSIBLE. */
  entropy: number;
  plausible: number;
}

/** A candidate's probability from which it counts as plausible. */
const PLAUSIBLE = 0.05;

/** The facts of turn i's decision `d`, given the speaker decided for the turn before. */
export function decisionFacts(
  turns: readonly Turn[],
  i: number,
  d: { speaker: number; probability: number; ranked: readonly { char: number; probability: number }[] },
  previous: number,
  statics: { probability: number; best: boolean } = { probability: d.probability, best: true },
): DecisionFacts {
  const t = turns[i]!;
  let entropy = 0;
  for (const r of d.ranked) if (r.probability > 0) entropy -= r.probability * Math.log(r.probability);
  return {
    staticProbability: statics.probability,
    staticBest: statics.best,
    entropy,
    plausible: d.ranked.filter((r) => r.probability >= PLAUSIBLE).length,
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
  path: PathFacts,
  d: DecisionFacts,
  out: Float64Array,
): Float64Array {
  out.fill(0);
  out[C.logOdds] = logOdds(d.probability);
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
  out[C.staticLogOdds] = logOdds(d.staticProbability);
  if (d.staticBest) out[C.staticAgrees] = 1;
  out[C.entropy] = d.entropy;
  out[C.plausible] = Math.log(Math.max(1, d.plausible));
  if (t.tagNames.has(d.speaker)) out[C.tagged] = 1;
  if (t.rule && t.rule.char !== d.speaker) out[C.ruleDisagrees] = 1;
  out[C.runPosition] = Math.min(conversation.run[i]!, 10) / 10;
  out[C.runLength] = Math.min(conversation.runLength[i]!, 20) / 20;
  out[C.bookTurns] = Math.log1p(path.turnsOf.get(d.speaker) ?? 0) / 5;
  out[C.conversationSpeakers] = Math.log(Math.max(1, path.conversationSpeakers[i]!));
  const flip = path.flip[i]!;
  if (!Number.isNaN(flip)) {
    out[C.inFlipRun] = 1;
    out[C.flip] = Math.log1p(Math.min(Math.max(flip, 0), 1000));
  }
  out[C.runBreaks] = Math.log1p(path.breaks[i]!);
  if (path.anchorsDisagree[i]) out[C.anchorsDisagree] = 1;
  out[C.logOddsByFlip] = out[C.logOdds]! * out[C.flip]!;
  out[C.logOddsUnanchored] = out[C.logOdds]! * out[C.noAnchor]!;
  out[C.runPositionByLength] = out[C.runPosition]! * out[C.runLength]!;
  out[C.logOddsPronoun] = out[C.logOdds]! * out[C.pronounTag]!;
  out[C.logOddsBare] = out[C.logOdds]! * out[C.bareTurn]!;
  out[C.logOddsNarrated] = out[C.logOdds]! * out[C.narratedTurn]!;
  out[C.marginInRun] = out[C.margin]! * out[C.runPosition]!;
  out[C.entropyUnanchored] = out[C.entropy]! * out[C.noAnchor]!;
  out[C.gap] = Math.min(t.gap, 4) / 4;
  if (t.pure) out[C.purePara] = 1;
  let others = 0;
  for (const c of t.between) if (c !== d.speaker) others++;
  out[C.othersBetween] = Math.log1p(others);
  const tokens = distanceOf(t, d.speaker);
  out[C.mentionDistance] = tokens === undefined ? 1 : Math.min(Math.log1p(tokens) / 8, 1);
  out[C.bias] = 1;
  return out;
}

function logOdds(probability: number): number {
  const p = Math.min(Math.max(probability, 1e-4), 1 - 1e-4);
  return Math.log(p / (1 - p));
}

/** The confidence model's probability that the decision is right (before the isotonic map). */
export function certaintyOf(model: ConfidenceModel | undefined, x: Float64Array, probability: number): number {
  if (!model) return probability;
  let z = 0;
  for (let f = 0; f < CONFIDENCE_COUNT; f++) z += model.weights[f]! * x[f]!;
  const { hidden, out, scale } = model;
  if (hidden && out && scale) {
    for (let h = 0; h < hidden.length; h++) {
      const row = hidden[h]!;
      let a = 0;
      for (let f = 0; f < CONFIDENCE_COUNT; f++) a += (row[f]! * x[f]!) / scale[f]!;
      z += out[h]! * Math.tanh(a);
    }
  }
  return 1 / (1 + Math.exp(-z));
}
