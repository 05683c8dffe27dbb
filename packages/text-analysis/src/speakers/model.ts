// The speaker model: a conditional logit over each turn's candidates (softmax of a weighted sum of
// FEATURES plus a small hidden layer over them), decoded jointly over the book by beam search,
// because who spoke the turns before changes who speaks this one (A, B, A). Confidence is the
// confidence model's estimate for the chosen speaker mapped through an isotonic calibration
// fitted on held-out novels.
import {
  BASE_COUNT,
  BASE_FEATURES,
  CONVERSATION_GAP,
  baseFeaturesOf,
  FEATURE_COUNT,
  FEATURES,
  HISTORY_INDEX,
  historyFeaturesOf,
  kindWeights,
  pronounReferent,
  staticFeaturesOf,
  TURN_KINDS,
  turnKind,
} from './features.js';
import {
  certaintyOf,
  CONFIDENCE_COUNT,
  CONFIDENCE_FEATURES,
  confidenceFeatures,
  conversationFacts,
  decisionFacts,
  pathFacts,
  type ConfidenceModel,
} from './confidence.js';
import { untaggedRuns, type CastFacts, type Turn } from './turns.js';
import { runToEnd, type Pausing } from '../pauses.js';

export interface SpeakerModel {
  features: readonly string[];
  weights: readonly number[];
  /**
   * A small hidden layer (softsign units) beside the linear weights, for what one weight per cue
   * cannot say (a cue worth much alone but little beside another): per unit, a row of weights over
   * the BASE_FEATURES then one per TURN_KINDS (the unit's bias in that kind of turn); and each
   * unit's weight out. Without it the model is the linear one.
   */
  hidden?: readonly (readonly number[])[];
  out?: readonly number[];
  /**
   * The confidence model (`confidence.ts`): how likely a decision is right, from facts of the
   * decision; without it, the speaker's probability stands in.
   */
  certainty?: ConfidenceModel;
  /** Isotonic map from that certainty to the probability of being right: knots x -> y. */
  calibration: { x: readonly number[]; y: readonly number[] };
}

export interface TurnDecision {
  speaker: number;
  /** Model probability of the speaker given the decoded history. */
  probability: number;
  /** The confidence model's estimate that the speaker is right (before calibration). */
  certainty: number;
  /** The CONFIDENCE_FEATURES it read (empty where the turn has no speaker). */
  facts: Float64Array;
  /** All candidates with their probabilities, best first. */
  ranked: { char: number; probability: number }[];
  /** Features of the chosen speaker that pushed it up most (at least EVIDENCE_PUSH), strongest first. */
  evidence: string[];
  /** Every feature that pushed the chosen speaker up, strongest first. */
  cues: string[];
}

const NO_ONE: ReadonlySet<number> = new Set();
const NO_FACTS = new Float64Array(0);

/** Paths kept by the beam search. */
const BEAM = 6;
/** A feature is evidence when it adds at least this to the speaker's score, ... */
const EVIDENCE_PUSH = 0.5;
/** ... and among the strongest few. */
const EVIDENCE_KEPT = 3;
/** Speakers of earlier turns the features look at. */
const HISTORY = 6;
/** Turns `bestPathSteps` and `explainSteps` work through between two pauses (some 40 ms cold). */
const TURNS_PER_PAUSE = 1000;

export function checkModel(model: SpeakerModel): void {
  const stale =
    model.features.length !== FEATURE_COUNT ||
    model.features.some((f, i) => f !== FEATURES[i]) ||
    (model.certainty &&
      (model.certainty.features.length !== CONFIDENCE_COUNT ||
        model.certainty.features.some((f, i) => f !== CONFIDENCE_FEATURES[i])));
  const width = BASE_COUNT + TURN_KINDS.length;
  if (stale || model.hidden?.some((row) => row.length !== width) || model.hidden?.length !== model.out?.length)
    throw new Error('speaker model weights do not match the features; run `npm run train -w packages/text-analysis`');
}

/** Calibrated probability of being right for a model probability (linear between knots). */
export function calibrate(model: SpeakerModel, p: number): number {
  const { x, y } = model.calibration;
  if (x.length === 0) return p;
  if (p <= x[0]!) return y[0]!;
  for (let k = 1; k < x.length; k++)
    if (p <= x[k]!) {
      const span = x[k]! - x[k - 1]!;
      return span > 0 ? y[k - 1]! + ((y[k]! - y[k - 1]!) * (p - x[k - 1]!)) / span : y[k]!;
    }
  return y[y.length - 1]!;
}

/** Candidates of turn i given a history: the turn's own plus whoever spoke recently. */
export function candidatesOf(turn: Turn, history: readonly number[]): number[] {
  const out = [...turn.candidates];
  for (let k = 0; k < 3 && k < history.length; k++) {
    const h = history[k]!;
    if (h >= 0 && !out.includes(h)) out.push(h);
  }
  return out;
}

/** Each model's weights folded per turn kind (`kindWeights`), computed once per model. */
const folded = new WeakMap<SpeakerModel, Float64Array[]>();

function weightsByKind(model: SpeakerModel): Float64Array[] {
  let w = folded.get(model);
  if (!w) folded.set(model, (w = kindWeights(model.weights)));
  return w;
}

/**
 * The history-free part of a candidate's score on turn i: the linear sum, the hidden units' inputs
 * (null without a hidden layer), and the whole score with no history (what `staticChoice` reads).
 */
export interface StaticScore {
  linear: number;
  units: Float64Array | null;
  score: number;
  /**
   * The whole score on a path whose history holds `absentFrom` speakers, none of them this
   * candidate: its HISTORY_FEATURES then depend on nothing but that length (the conversation's
   * span), so it is the same on every beam path that has not heard the candidate lately (most
   * candidates on most paths). NaN until `logits` first meets that case.
   */
  absent: number;
  absentFrom: number;
}

/**
 * A hidden unit's output for its input: x / (1 + |x|), shaped like tanh but a tenth of its cost
 * (training evaluates it some 30 million times a pass).
 */
export function softsign(x: number): number {
  return x / (1 + Math.abs(x));
}

/** The hidden layer's part of a score, given its units' inputs. */
function hiddenOut(model: SpeakerModel, units: Float64Array): number {
  const out = model.out!;
  let z = 0;
  for (let h = 0; h < units.length; h++) z += out[h]! * softsign(units[h]!);
  return z;
}

/** `staticScoreOf`'s scratch list of the features a candidate has (not zero). */
const present = new Int32Array(BASE_COUNT);

/**
 * The score of a candidate whose BASE_FEATURES are `x`, in a turn of kind `kind` (TURN_KINDS), as
 * far as `x` goes: `logits` reads the history-free features here once and adds the history per path.
 */
export function staticScoreOf(model: SpeakerModel, kind: number, x: Float64Array): StaticScore {
  const w = weightsByKind(model)[kind]!;
  // A candidate has some eight cues of the fifty: each sum below runs over those alone, in feature
  // order, so it is the full sum to the last bit at an eighth of the multiplications.
  let cues = 0;
  let linear = 0;
  for (let f = 0; f < BASE_COUNT; f++)
    if (x[f] !== 0) {
      linear += w[f]! * x[f]!;
      present[cues++] = f;
    }
  const rows = model.hidden;
  if (!rows) return { linear, units: null, score: linear, absent: NaN, absentFrom: -1 };
  const units = new Float64Array(rows.length);
  for (let h = 0; h < rows.length; h++) {
    const row = rows[h]!;
    let a = row[BASE_COUNT + kind]!;
    for (let k = 0; k < cues; k++) a += row[present[k]!]! * x[present[k]!]!;
    units[h] = a;
  }
  return { linear, units, score: linear + hiddenOut(model, units), absent: NaN, absentFrom: -1 };
}

/** `logits`' scratch: the hidden units' inputs, and the history features a candidate has. */
let units = new Float64Array(0);
const historyPresent = new Int32Array(BASE_COUNT);

/**
 * Scores (logits) of the candidates of turn i. The history-free part of each candidate's score is
 * the same on every beam path, so it is computed once per turn and candidate into `fixed` (a map
 * the caller keeps for turn i); only the HISTORY_FEATURES are read per path.
 */
function logits(
  model: SpeakerModel,
  turns: readonly Turn[],
  i: number,
  cands: readonly number[],
  cast: CastFacts,
  history: readonly number[],
  referent: number,
  fixed: Map<number, StaticScore>,
  buf: Float64Array,
): number[] {
  const kind = turnKind(turns[i]!);
  const w = weightsByKind(model)[kind]!;
  const rows = model.hidden;
  const out = new Array<number>(cands.length);
  if (rows && units.length !== rows.length) units = new Float64Array(rows.length);
  for (let k = 0; k < cands.length; k++) {
    const c = cands[k]!;
    let st = fixed.get(c);
    if (st === undefined) {
      staticFeaturesOf(turns, i, c, cast, referent, buf);
      st = staticScoreOf(model, kind, buf);
      fixed.set(c, st);
    }
    const absent = !history.includes(c);
    if (absent && st.absentFrom === history.length) {
      out[k] = st.absent;
      continue;
    }
    historyFeaturesOf(turns, i, c, cast, history, buf);
    let s = st.linear;
    let moved = 0;
    for (let j = 0; j < HISTORY_INDEX.length; j++) {
      const f = HISTORY_INDEX[j]!;
      if (buf[f] !== 0) {
        s += w[f]! * buf[f]!;
        historyPresent[moved++] = f;
      }
    }
    // A candidate with no history feature on this path keeps its history-free score, hidden layer
    // and all, already computed.
    if (moved === 0) s = st.score;
    else if (rows && st.units) {
      units.set(st.units);
      for (let j = 0; j < moved; j++) {
        const f = historyPresent[j]!;
        for (let h = 0; h < rows.length; h++) units[h]! += rows[h]![f]! * buf[f]!;
      }
      s += hiddenOut(model, units);
    }
    out[k] = s;
    if (absent) {
      st.absent = s;
      st.absentFrom = history.length;
    }
  }
  return out;
}

function softmax(xs: number[]): number[] {
  let m = -Infinity;
  for (const x of xs) if (x > m) m = x;
  let z = 0;
  for (let k = 0; k < xs.length; k++) z += xs[k] = Math.exp(xs[k]! - m);
  for (let k = 0; k < xs.length; k++) xs[k]! /= z;
  return xs;
}

interface Path {
  score: number;
  history: number[];
  /** Back pointer: the path this one extends, and the choice it made. */
  parent: Path | null;
  speaker: number;
}

/** One turn's extensions of the beam's paths: path `parent[j]` extended by `speaker[j]` scores `score[j]`. */
class Extensions {
  score: number[] = [];
  parent: Path[] = [];
  speaker: number[] = [];
  private taken: boolean[] = [];
  private length = 0;

  clear(): void {
    this.length = 0;
  }

  add(score: number, parent: Path, speaker: number): void {
    const j = this.length++;
    this.score[j] = score;
    this.parent[j] = parent;
    this.speaker[j] = speaker;
    this.taken[j] = false;
  }

  /** The best extension not yet taken (the first of equal scores), marked taken; -1 when none is left. */
  best(): number {
    let best = -1;
    for (let j = 0; j < this.length; j++)
      if (!this.taken[j] && (best < 0 || this.score[j]! > this.score[best]!)) best = j;
    if (best >= 0) this.taken[best] = true;
    return best;
  }
}

/** A turn without a speech tag of any kind (name, pronoun or noun). */
function untagged(turn: Turn): boolean {
  return turn.tagNames.size === 0 && turn.tagPronoun === null && turn.tagNoun === null;
}

/** The most probable speakers of all turns, jointly (beam search), with per-turn probabilities. */
export function decode(
  model: SpeakerModel,
  turns: readonly Turn[],
  cast: CastFacts,
  /** Candidates kept in each decision's `ranked` (the analysis keeps a few; training reads all). */
  keepRanked = Infinity,
): TurnDecision[] {
  const out: TurnDecision[] = [];
  const chosen = runToEnd(bestPathSteps(model, turns, cast));
  runToEnd(explainSteps(model, turns, cast, chosen, keepRanked, (d) => out.push(d)));
  return out;
}

/**
 * The speaker of each turn on the most probable path (beam search), -1 where a turn has no candidate.
 * `anchors` (turn -> character, -1 for no speaker) are speakers already known (a user's fix, the
 * turns around a re-decided span): every path takes that speaker there, scored by its probability
 * under the path's history, so an anchor steers its neighbours as a tag would.
 *
 * `fixes` are the anchors a reader set. Printed dialogue starts a paragraph when the voice changes,
 * and a reader fixes a turn where the decoder lost that alternation: the untagged turns just before
 * and after a fix go to another voice than the fixed one, unless the quotation runs on across the
 * paragraph break. This holds whatever the fitted weights make of a run of two turns by one voice
 * (in the training books one speech often spans paragraphs, so a fit may read "A, A" as the start of
 * a longer run and give A the turn after a fix as well).
 *
 * Pauses every TURNS_PER_PAUSE turns (see `pauses.ts`); `runToEnd` gives the path.
 */
export function* bestPathSteps(
  model: SpeakerModel,
  turns: readonly Turn[],
  cast: CastFacts,
  anchors?: ReadonlyMap<number, number>,
  fixes?: ReadonlySet<number>,
): Pausing<number[]> {
  const buf = new Float64Array(BASE_COUNT);
  let beam: Path[] = [{ score: 0, history: [], parent: null, speaker: -1 }];
  // A turn's extensions (some ninety, of which the beam keeps six) in parallel arrays reused from
  // turn to turn: a path's history is built only for the paths kept.
  const steps = new Extensions();
  // Dedup keys below: a speaker or history entry (-1 = no one, absent = 0) as a digit in base `radix`.
  const radix = cast.gender.length + 3;
  const seen = new Set<number>();
  for (let i = 0; i < turns.length; i++) {
    if (i % TURNS_PER_PAUSE === TURNS_PER_PAUSE - 1) yield;
    steps.clear();
    const referent = pronounReferent(turns[i]!, cast);
    const fixed = new Map<number, StaticScore>();
    const anchor = anchors?.get(i);
    // Beside a reader's fix, an untagged turn is another voice than the fixed one (see above).
    const free = anchor === undefined && untagged(turns[i]!);
    const fixedNext = free && fixes?.has(i + 1) && !turns[i + 1]!.carriesOn ? anchors?.get(i + 1) : undefined;
    const afterFix = free && fixes?.has(i - 1) === true && !turns[i]!.carriesOn;
    for (const path of beam) {
      let cands = candidatesOf(turns[i]!, path.history);
      if (fixedNext !== undefined) cands = cands.filter((c) => c !== fixedNext);
      if (afterFix) cands = cands.filter((c) => c !== path.history[0]);
      if (anchor !== undefined && anchor >= 0 && !cands.includes(anchor)) cands.push(anchor);
      if (cands.length === 0 || anchor === -1) {
        steps.add(path.score, path, -1);
        continue;
      }
      const probs = softmax(logits(model, turns, i, cands, cast, path.history, referent, fixed, buf));
      for (let k = 0; k < cands.length; k++)
        if (anchor === undefined || cands[k] === anchor) steps.add(path.score + Math.log(probs[k]!), path, cands[k]!);
    }
    beam = [];
    seen.clear();
    // Best first (the earlier of equal scores first, as a stable sort would give them), until the
    // beam is full: a few passes over the extensions instead of sorting all of them.
    for (let j = steps.best(); j >= 0 && beam.length < BEAM; j = steps.best()) {
      const parent = steps.parent[j]!;
      const speaker = steps.speaker[j]!;
      // Paths that agree on the last three speakers will make the same choices from here on.
      const h = parent.history;
      const key = ((speaker + 1) * radix + (h.length > 0 ? h[0]! + 2 : 0)) * radix + (h.length > 1 ? h[1]! + 2 : 0);
      if (seen.has(key)) continue;
      seen.add(key);
      const history = [speaker]; // grown by push, so a packed array (features loop over it)
      for (let k = 0; k < h.length && history.length < HISTORY; k++) history.push(h[k]!);
      beam.push({ score: steps.score[j]!, history, parent, speaker });
    }
  }
  const chosen: number[] = new Array<number>(turns.length);
  for (let p: Path | null = beam[0]!, i = turns.length - 1; p && i >= 0; p = p.parent, i--) chosen[i] = p.speaker;
  return chosen;
}

/**
 * Probabilities and evidence along a chosen path, handed to `visit` turn by turn (in order), so a
 * caller that writes them out need not hold a decision per turn at once. Pauses after the path's
 * facts and then every TURNS_PER_PAUSE turns (see `pauses.ts`).
 */
export function* explainSteps(
  model: SpeakerModel,
  turns: readonly Turn[],
  cast: CastFacts,
  chosen: readonly number[],
  keepRanked: number,
  visit: (d: TurnDecision, turn: number) => void,
  /** Characters that may not speak: a turn chosen for one goes to its best other candidate. */
  avoid: ReadonlySet<number> = NO_ONE,
): Pausing<void> {
  const buf = new Float64Array(BASE_COUNT);
  const conversation = conversationFacts(turns);
  const path = pathFacts(turns, chosen, flipMargins(model, turns, cast, chosen));
  yield;
  const history: number[] = [];
  for (let i = 0; i < turns.length; i++) {
    if (i % TURNS_PER_PAUSE === TURNS_PER_PAUSE - 1) yield;
    const cands = candidatesOf(turns[i]!, history);
    const fixed = new Map<number, StaticScore>();
    let speaker = chosen[i]!;
    // An anchored speaker (bestPathSteps' anchors) may be no candidate of its own: score it anyway.
    if (speaker >= 0 && !cands.includes(speaker)) cands.push(speaker);
    let all: { char: number; probability: number }[] = [];
    let probs: number[] = [];
    if (cands.length && speaker >= 0) {
      probs = softmax(logits(model, turns, i, cands, cast, history, pronounReferent(turns[i]!, cast), fixed, buf));
      all = cands.map((c, k) => ({ char: c, probability: probs[k]! })).sort((a, b) => b.probability - a.probability);
      if (avoid.has(speaker)) speaker = all.find((r) => !avoid.has(r.char))?.char ?? -1;
    }
    if (cands.length === 0 || speaker < 0) {
      visit({ speaker: -1, probability: 0, certainty: 0, facts: NO_FACTS, ranked: [], evidence: [], cues: [] }, i);
    } else {
      const referent = pronounReferent(turns[i]!, cast);
      const probability = probs[cands.indexOf(speaker)]!;
      const facts = decisionFacts(
        turns,
        i,
        { speaker, probability, ranked: all },
        history[0] ?? -1,
        staticChoice(cands, fixed, speaker),
      );
      const x = confidenceFeatures(turns, i, conversation, path, facts, new Float64Array(CONFIDENCE_COUNT));
      const certainty = certaintyOf(model.certainty, x, probability);
      const ranked = all.slice(0, keepRanked);
      baseFeaturesOf(turns, i, speaker, cast, history, referent, buf);
      const push = cuePushes(model, turnKind(turns[i]!), buf);
      // The features that pushed, strongest first (equal pushes in feature order).
      const pushed: number[] = [];
      for (let f = 0; f < BASE_COUNT; f++) if (push[f]! > 0) pushed.push(f);
      pushed.sort((a, b) => push[b]! - push[a]!);
      const evidence: string[] = [];
      for (const f of pushed) {
        if (evidence.length === EVIDENCE_KEPT || push[f]! < EVIDENCE_PUSH) break;
        evidence.push(BASE_FEATURES[f]!);
      }
      visit(
        { speaker, probability, certainty, facts: x, ranked, evidence, cues: pushed.map((f) => BASE_FEATURES[f]!) },
        i,
      );
    }
    history.unshift(speaker);
    if (history.length > HISTORY) history.pop();
  }
}

/**
 * How much each of a candidate's BASE_FEATURES `x` adds to its score: the whole score less the
 * score with that cue alone taken away, the hidden layer included. The linear weights alone would
 * not do: training moves a cue's weight into the hidden units (a name tag's linear weight can end
 * up below zero while the tag still decides the turn), and the cues a decision lists, and the
 * attribution method read from them, would then change with every refit.
 */
function cuePushes(model: SpeakerModel, kind: number, x: Float64Array): Float64Array {
  const { units } = staticScoreOf(model, kind, x);
  const w = weightsByKind(model)[kind]!;
  const rows = model.hidden;
  const hidden = units ? hiddenOut(model, units) : 0;
  const without = units ? new Float64Array(units.length) : null;
  const push = new Float64Array(BASE_COUNT);
  for (let f = 0; f < BASE_COUNT; f++) {
    const v = x[f]!;
    if (v === 0) continue;
    // Taking the cue away removes its linear term and its share of each hidden unit's input.
    let p = w[f]! * v;
    if (rows && units && without) {
      for (let h = 0; h < rows.length; h++) without[h] = units[h]! - rows[h]![f]! * v;
      p += hidden - hiddenOut(model, without);
    }
    push[f] = p;
  }
  return push;
}

/**
 * The speaker's probability among the turn's candidates on their history-free scores alone (the
 * `fixed` part `logits` kept), and whether it is the best there: a decision that only the decoded
 * history carries is less sure than one the turn's own cues also make.
 */
function staticChoice(
  cands: readonly number[],
  fixed: ReadonlyMap<number, StaticScore>,
  speaker: number,
): { probability: number; best: boolean } {
  const s = fixed.get(speaker)!.score;
  let z = 0;
  let best = true;
  for (const c of cands) {
    const o = fixed.get(c)!.score;
    if (o > s) best = false;
    z += Math.exp(o - s);
  }
  return { probability: 1 / z, best };
}

/** Turns after an untagged run whose probabilities the swap also changes (the tag that ends it and the next). */
const FLIP_AFTER = 3;

/**
 * Per turn of an untagged run (consecutive turns of a conversation whose tags name no one), how
 * much less probable (log) the run and the FLIP_AFTER turns after it are with the run's two main
 * speakers swapped: a long exchange decided by alternation is right or wrong as a whole, and this
 * says how firmly the turns around it hold its parity. The two main speakers are the path's most
 * frequent ones over the run and the turns either side of it; NaN outside runs, or where there is
 * only one speaker. Linear: each run's turns are scored twice more.
 */
export function flipMargins(
  model: SpeakerModel,
  turns: readonly Turn[],
  cast: CastFacts,
  chosen: readonly number[],
): Float64Array {
  const out = new Float64Array(turns.length).fill(NaN);
  const buf = new Float64Array(BASE_COUNT);
  const inConversation = (i: number) => i < turns.length && turns[i]!.gap <= CONVERSATION_GAP;
  for (const { start: a, end: b, before, after } of untaggedRuns(turns)) {
    const count = new Map<number, number>();
    for (let i = before >= 0 ? before : a; i <= (after >= 0 ? after : b - 1); i++)
      if (chosen[i]! >= 0) count.set(chosen[i]!, (count.get(chosen[i]!) ?? 0) + 1);
    const top = [...count.entries()].sort((x, y) => y[1] - x[1]);
    if (top.length >= 2) {
      const [p, q] = [top[0]![0], top[1]![0]];
      const swapped = chosen.slice(Math.max(0, a - HISTORY), b);
      const offset = Math.max(0, a - HISTORY);
      for (let i = a; i < b; i++) swapped[i - offset] = chosen[i] === p ? q : chosen[i] === q ? p : chosen[i]!;
      let end = b;
      while (end < b + FLIP_AFTER && inConversation(end)) end++;
      const fixed = Array.from({ length: end - a }, () => new Map<number, StaticScore>());
      const at = (path: readonly number[], base: number) => (i: number) => (i < b ? path[i - base]! : chosen[i]!);
      const margin =
        windowLogProb(model, turns, cast, (i) => chosen[i]!, a, end, fixed, buf) -
        windowLogProb(model, turns, cast, at(swapped, offset), a, end, fixed, buf);
      for (let i = a; i < b; i++) out[i] = margin;
    }
  }
  return out;
}

/** Log-probability of the speakers `path(i)` over turns [from, to), the history being the path's own. */
function windowLogProb(
  model: SpeakerModel,
  turns: readonly Turn[],
  cast: CastFacts,
  path: (i: number) => number,
  from: number,
  to: number,
  fixed: Map<number, StaticScore>[],
  buf: Float64Array,
): number {
  const history: number[] = [];
  for (let k = 1; k <= HISTORY && from - k >= 0; k++) history.push(path(from - k));
  let sum = 0;
  for (let i = from; i < to; i++) {
    const speaker = path(i);
    if (speaker >= 0) {
      const cands = candidatesOf(turns[i]!, history);
      if (!cands.includes(speaker)) cands.push(speaker);
      const scores = logits(
        model,
        turns,
        i,
        cands,
        cast,
        history,
        pronounReferent(turns[i]!, cast),
        fixed[i - from]!,
        buf,
      );
      sum += Math.log(softmax(scores)[cands.indexOf(speaker)]!);
    }
    history.unshift(speaker);
    if (history.length > HISTORY) history.pop();
  }
  return sum;
}
