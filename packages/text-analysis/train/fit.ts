// Fitting the speaker model: a conditional logit over each turn's candidates (linear weights, then a
// small hidden layer beside them), trained with the annotated speakers as history (teacher
// forcing), and an isotonic calibration of its probabilities. Deterministic: full-batch Adam from
// zero weights (the hidden layer from a fixed pseudo-random start), a fixed number of steps.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BASE_COUNT,
  FEATURE_COUNT,
  FEATURES,
  featuresOf,
  pronounReferent,
  TURN_KINDS,
  turnKind,
} from '../src/speakers/features.js';
import {
  certaintyOf,
  CONFIDENCE_COUNT,
  CONFIDENCE_FEATURES,
  type ConfidenceModel,
} from '../src/speakers/confidence.js';
import { candidatesOf, decode, softsign, type SpeakerModel } from '../src/speakers/model.js';
import type { Novel } from './corpus.js';

/**
 * One training turn: the features of each candidate, kept sparse (most are 0) as parallel lists
 * of feature index and value, `start[c]`..`start[c + 1]` for candidate c; and which are right.
 */
export interface Example {
  index: Uint16Array;
  value: Float64Array;
  start: Uint32Array;
  right: boolean[];
  /** The turn's TURN_KINDS index (the hidden layer's bias). */
  kind: number;
}

const HISTORY = 6;

/**
 * Training turns of a novel. The history the features read is the annotated speakers' by default;
 * given `spoken` (speakers a model decoded), it is the model's own, mistakes included, so the
 * weights also learn how far to trust a history that may be wrong.
 */
export function examplesOf(novel: Novel, spoken?: readonly number[]): Example[] {
  const out: Example[] = [];
  const history: number[] = [];
  const buf = new Float64Array(FEATURE_COUNT);
  novel.turns.forEach((turn, i) => {
    const goldId = novel.gold[i];
    const cands = candidatesOf(turn, history);
    const right = cands.map((c) => goldId !== null && novel.mapped[c] === goldId);
    if (right.some(Boolean) && cands.length > 1) {
      const index: number[] = [];
      const value: number[] = [];
      const start = [0];
      const referent = pronounReferent(turn, novel.cast);
      for (const c of cands) {
        featuresOf(novel.turns, i, c, novel.cast, history, referent, buf);
        buf.forEach((x, f) => {
          if (x === 0) return;
          index.push(f);
          value.push(x);
        });
        start.push(index.length);
      }
      out.push({
        index: Uint16Array.from(index),
        value: Float64Array.from(value),
        start: Uint32Array.from(start),
        right,
        kind: turnKind(turn),
      });
    }
    history.unshift(spoken ? spoken[i]! : novel.labels[i]!);
    if (history.length > HISTORY) history.pop();
  });
  return out;
}

export interface FitOptions {
  steps?: number;
  l2?: number;
  learningRate?: number;
  /** Units of the speaker model's hidden layer (SpeakerModel.hidden); 0 fits the linear model alone. */
  hiddenUnits?: number;
  /** Hidden layers fitted from different starts and averaged (`SPEAKER_ENSEMBLE` by default). */
  ensemble?: number;
  /**
   * A directory that keeps fitted weights by a hash of everything they depend on (the training
   * examples, the options, the decoder's and fitting's source), so an evaluation that changes only
   * what comes after the speaker weights (confidence, calibration, output) does not refit them.
   */
  cache?: string;
}

/** Source files the fitted weights depend on besides their examples (and this file's fitting functions). */
const FIT_SOURCES = ['../src/speakers/model.ts', '../src/speakers/features.ts'];

function cacheKey(examples: readonly Example[], options: FitOptions): string {
  const h = createHash('sha256');
  h.update(
    JSON.stringify([options.steps, options.l2, options.learningRate, options.hiddenUnits, options.ensemble, FEATURES]),
  );
  for (const f of FIT_SOURCES) h.update(readFileSync(fileURLToPath(new URL(f, import.meta.url))));
  for (const fn of [examplesOf, fitWeights, fitLinear, fitHidden, averageFits, seededRandom, fitTwice])
    h.update(fn.toString());
  for (const ex of examples) {
    h.update(new Uint8Array(ex.index.buffer, ex.index.byteOffset, ex.index.byteLength));
    h.update(new Uint8Array(ex.value.buffer, ex.value.byteOffset, ex.value.byteLength));
    h.update(new Uint8Array(ex.start.buffer, ex.start.byteOffset, ex.start.byteLength));
    h.update(ex.right.map((r) => (r ? '1' : '0')).join(''));
  }
  return h.digest('hex').slice(0, 32);
}

/** What fitting gives a speaker model: its linear weights and, where asked for, its hidden layer. */
export type SpeakerWeights = Pick<SpeakerModel, 'weights' | 'hidden' | 'out'>;

/** Units of the speaker model's hidden layer by default. */
const SPEAKER_HIDDEN_UNITS = 8;

/**
 * Hidden layers fitted from this many starts by default. One start's layer lands in one of many
 * optima, and which one moved a held-out novel's accuracy by ±0.03 from refit to refit; the
 * average of several (`averageFits`) steadies that.
 */
const SPEAKER_ENSEMBLE = 3;

/**
 * Weights maximising the probability of the right candidates (summed over those that are right):
 * first the linear weights alone, then (with hiddenUnits) the hidden layer beside them, fitted
 * together from there, once from each of `ensemble` starts, and averaged.
 */
export function fitWeights(examples: readonly Example[], options: FitOptions = {}): SpeakerWeights {
  const linear = fitLinear(examples, options);
  const units = options.hiddenUnits ?? SPEAKER_HIDDEN_UNITS;
  if (units === 0) return { weights: [...linear].map(round4) };
  const starts = options.ensemble ?? SPEAKER_ENSEMBLE;
  return averageFits(Array.from({ length: starts }, (_, k) => fitHidden(examples, linear, units, options, k)));
}

/**
 * One model scoring the mean of `fits`' scores: their linear weights averaged, their hidden units
 * side by side, each unit's weight out divided by the number of fits. The decoder then reads one
 * wider layer, and nothing downstream knows it is an ensemble.
 */
export function averageFits(fits: readonly SpeakerWeights[]): SpeakerWeights {
  const n = fits.length;
  if (n === 1) return fits[0]!;
  return {
    weights: fits[0]!.weights.map((_, f) => round4(fits.reduce((sum, w) => sum + w.weights[f]!, 0) / n)),
    hidden: fits.flatMap((w) => w.hidden!),
    out: fits.flatMap((w) => w.out!.map((x) => round4(x / n))),
  };
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/**
 * Uniform numbers in [-0.5, 0.5) from a fixed seed (a linear congruential generator), so that a
 * hidden layer's starting weights, and so every fit, are the same on every run; `start` picks
 * one of several such sequences (an ensemble's members).
 */
function seededRandom(start = 0): () => number {
  let seed = (0x9e3779b9 + start * 0x6d2b79f5) >>> 0;
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32 - 0.5;
  };
}

/**
 * One Adam step over `theta` from `grad` (L2 added), with its moments `m`, `v`: over the first
 * `count` parameters only (a fit that trains its leading part first leaves the rest untouched).
 */
function adamStep(
  theta: Float64Array,
  grad: Float64Array,
  m: Float64Array,
  v: Float64Array,
  step: number,
  lr: number,
  l2: number,
  count = theta.length,
): void {
  for (let f = 0; f < count; f++) {
    const g = grad[f]! + l2 * theta[f]!;
    m[f] = 0.9 * m[f]! + 0.1 * g;
    v[f] = 0.999 * v[f]! + 0.001 * g * g;
    const mh = m[f]! / (1 - 0.9 ** step);
    const vh = v[f]! / (1 - 0.999 ** step);
    theta[f]! -= (lr * mh) / (Math.sqrt(vh) + 1e-8);
  }
}

/**
 * Turns candidate scores `s[0..k)` into the gradient coefficients of -log P(right): each candidate's
 * probability less its share among the right ones (written back into `s`).
 */
function softmaxCoefficients(s: Float64Array, right: readonly boolean[]): void {
  const k = right.length;
  let max = -Infinity;
  for (let c = 0; c < k; c++) if (s[c]! > max) max = s[c]!;
  let zAll = 0;
  let zRight = 0;
  for (let c = 0; c < k; c++) {
    s[c] = Math.exp(s[c]! - max);
    zAll += s[c]!;
    if (right[c]) zRight += s[c]!;
  }
  // d(-log P(right))/d score_c = P(c) - P(c | right)
  for (let c = 0; c < k; c++) s[c] = s[c]! / zAll - (right[c] ? s[c]! / zRight : 0);
}

/** The linear weights alone (full-batch Adam from zero). */
function fitLinear(examples: readonly Example[], options: FitOptions): Float64Array {
  const steps = options.steps ?? 300;
  const l2 = options.l2 ?? 1e-4;
  const lr = options.learningRate ?? 0.1;
  const w = new Float64Array(FEATURE_COUNT);
  const m = new Float64Array(FEATURE_COUNT);
  const v = new Float64Array(FEATURE_COUNT);
  const grad = new Float64Array(FEATURE_COUNT);
  const n = examples.length;
  // One score buffer for all examples (a fresh one per example and step made training GC-bound).
  let widest = 1;
  for (const ex of examples) widest = Math.max(widest, ex.right.length);
  const s = new Float64Array(widest);
  for (let step = 1; step <= steps; step++) {
    grad.fill(0);
    for (const ex of examples) {
      const k = ex.right.length;
      for (let c = 0; c < k; c++) {
        let z = 0;
        for (let j = ex.start[c]!; j < ex.start[c + 1]!; j++) z += w[ex.index[j]!]! * ex.value[j]!;
        s[c] = z;
      }
      softmaxCoefficients(s, ex.right);
      for (let c = 0; c < k; c++) {
        const coef = s[c]!;
        if (coef === 0) continue;
        for (let j = ex.start[c]!; j < ex.start[c + 1]!; j++) grad[ex.index[j]!]! += (coef * ex.value[j]!) / n;
      }
    }
    adamStep(w, grad, m, v, step, lr, l2);
  }
  return w;
}

/**
 * The linear weights (from `linear`) and a layer of `units` (softsign) fitted together. Each unit reads the
 * BASE_FEATURES (a candidate's features at indices below BASE_COUNT) and a bias per turn kind; the
 * layer starts from the fixed pseudo-random state numbered `start`, its weights out from zero.
 */
function fitHidden(
  examples: readonly Example[],
  linear: Float64Array,
  units: number,
  options: FitOptions,
  start = 0,
): SpeakerWeights {
  const steps = options.steps ?? 300;
  const l2 = options.l2 ?? 1e-4;
  const lr = (options.learningRate ?? 0.1) / 2;
  const width = BASE_COUNT + TURN_KINDS.length;
  const H = units;
  // Parameters: the linear weights, then the layer by input (`width` blocks of H, so that one input
  // reaches every unit in a row of memory), then H weights out.
  const layerAt = FEATURE_COUNT;
  const outAt = FEATURE_COUNT + width * H;
  const theta = new Float64Array(outAt + H);
  theta.set(linear);
  const random = seededRandom(start);
  for (let k = layerAt; k < outAt; k++) theta[k] = random() / 2;
  const m = new Float64Array(theta.length);
  const v = new Float64Array(theta.length);
  const grad = new Float64Array(theta.length);
  const n = examples.length;
  // Each candidate's inputs to the layer, as offsets of their blocks and values: its base features
  // and its turn kind's bias (the per-kind copies feed only the linear part).
  const inputs = examples.map((ex) => {
    const at: number[] = [];
    const value: number[] = [];
    const start = [0];
    for (let c = 0; c < ex.right.length; c++) {
      for (let j = ex.start[c]!; j < ex.start[c + 1]!; j++)
        if (ex.index[j]! < BASE_COUNT) {
          at.push(layerAt + ex.index[j]! * H);
          value.push(ex.value[j]!);
        }
      at.push(layerAt + (BASE_COUNT + ex.kind) * H);
      value.push(1);
      start.push(at.length);
    }
    return { at: Uint32Array.from(at), value: Float64Array.from(value), start: Uint32Array.from(start) };
  });
  let widest = 1;
  for (const ex of examples) widest = Math.max(widest, ex.right.length);
  const s = new Float64Array(widest);
  const t = new Float64Array(widest * H);
  const a = new Float64Array(H);
  for (let step = 1; step <= steps; step++) {
    grad.fill(0);
    for (let e = 0; e < n; e++) {
      const ex = examples[e]!;
      const inp = inputs[e]!;
      const k = ex.right.length;
      for (let c = 0; c < k; c++) {
        let z = 0;
        for (let j = ex.start[c]!; j < ex.start[c + 1]!; j++) z += theta[ex.index[j]!]! * ex.value[j]!;
        a.fill(0);
        for (let j = inp.start[c]!; j < inp.start[c + 1]!; j++) {
          const at = inp.at[j]!;
          const x = inp.value[j]!;
          for (let h = 0; h < H; h++) a[h]! += theta[at + h]! * x;
        }
        for (let h = 0; h < H; h++) {
          const u = softsign(a[h]!);
          t[c * H + h] = u;
          z += theta[outAt + h]! * u;
        }
        s[c] = z;
      }
      softmaxCoefficients(s, ex.right);
      for (let c = 0; c < k; c++) {
        const coef = s[c]! / n;
        if (coef === 0) continue;
        for (let j = ex.start[c]!; j < ex.start[c + 1]!; j++) grad[ex.index[j]!]! += coef * ex.value[j]!;
        for (let h = 0; h < H; h++) {
          const u = t[c * H + h]!;
          grad[outAt + h]! += coef * u;
          // softsign'(a) = 1 / (1 + |a|)² = (1 - |u|)²
          a[h] = coef * theta[outAt + h]! * (1 - Math.abs(u)) ** 2;
        }
        for (let j = inp.start[c]!; j < inp.start[c + 1]!; j++) {
          const at = inp.at[j]!;
          const x = inp.value[j]!;
          for (let h = 0; h < H; h++) grad[at + h]! += a[h]! * x;
        }
      }
    }
    adamStep(theta, grad, m, v, step, lr, l2);
  }
  return {
    weights: [...theta.subarray(0, FEATURE_COUNT)].map(round4),
    hidden: Array.from({ length: H }, (_, h) =>
      Array.from({ length: width }, (_, f) => round4(theta[layerAt + f * H + h]!)),
    ),
    out: [...theta.subarray(outAt)].map(round4),
  };
}

/** Isotonic (pool-adjacent-violators) fit of right/wrong against probability, as knots. */
export function fitIsotonic(points: readonly [number, boolean][]): { x: number[]; y: number[] } {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  const blocks: { sum: number; n: number; lo: number; hi: number }[] = [];
  for (const [p, right] of sorted) {
    blocks.push({ sum: right ? 1 : 0, n: 1, lo: p, hi: p });
    while (
      blocks.length > 1 &&
      blocks[blocks.length - 2]!.sum / blocks[blocks.length - 2]!.n >=
        blocks[blocks.length - 1]!.sum / blocks[blocks.length - 1]!.n
    ) {
      const b = blocks.pop()!;
      const a = blocks[blocks.length - 1]!;
      a.sum += b.sum;
      a.n += b.n;
      a.hi = b.hi;
    }
  }
  const x: number[] = [];
  const y: number[] = [];
  for (const b of blocks) {
    // Shrink small blocks toward the overall rate, so a handful of quotes cannot claim certainty.
    const rate = (b.sum + 1) / (b.n + 2);
    x.push(round4((b.lo + b.hi) / 2));
    y.push(round4(rate));
  }
  return { x, y };
}

/** A decoded turn's decision, once per quote of the turn: the confidence model's inputs and whether it is right. */
export interface DecodedPoint {
  /** CONFIDENCE_FEATURES of the decision; null where the turn got no speaker. */
  x: Float64Array | null;
  probability: number;
  right: boolean;
}

/**
 * The decisions of a model decoding a novel, once per annotated quotation under each turn (the
 * scorer's unit: weighing by the engine's quotes counted a tagged quotation, split by its tag, twice).
 */
export function decodedPoints(model: SpeakerModel, novel: Novel): DecodedPoint[] {
  const decisions = decode(model, novel.turns, novel.cast);
  const out: DecodedPoint[] = [];
  decisions.forEach((d, i) => {
    if (novel.gold[i] === null) return;
    const right = d.speaker >= 0 && novel.mapped[d.speaker] === novel.gold[i];
    const x = d.speaker < 0 ? null : d.facts;
    for (let q = 0; q < novel.quotations[i]!; q++) out.push({ x, probability: d.probability, right });
  });
  return out;
}

/** Units of the confidence model's hidden layer. */
const HIDDEN_UNITS = 8;

/**
 * The confidence model: whether a decision is right from its CONFIDENCE_FEATURES, over
 * out-of-fold decisions (each quote one example). First the logistic weights alone, then those
 * with a small tanh layer beside them, fitted together. Deterministic: full-batch Adam from zero
 * (the hidden layer from a fixed pseudo-random start), a fixed number of steps.
 */
export function fitConfidence(points: readonly DecodedPoint[], steps = 500, l2 = 1e-3, lr = 0.05): ConfidenceModel {
  const xs = points.flatMap((p) => (p.x ? [p] : []));
  const F = CONFIDENCE_COUNT;
  const H = HIDDEN_UNITS;
  // The hidden layer reads each feature over its spread, so that one step moves every unit alike.
  const scale = new Float64Array(F).fill(1);
  for (let f = 0; f < F; f++) {
    let sum = 0;
    let sq = 0;
    for (const p of xs) {
      sum += p.x![f]!;
      sq += p.x![f]! ** 2;
    }
    const sd = Math.sqrt(Math.max(sq / xs.length - (sum / xs.length) ** 2, 0));
    scale[f] = sd > 1e-6 ? round4(sd) : 1;
  }
  // Parameters: F linear weights, then H rows of F, then H weights out.
  const n = F + H * F + H;
  const theta = new Float64Array(n);
  const random = seededRandom();
  for (let k = F; k < F + H * F; k++) theta[k] = random() / Math.sqrt(F);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const grad = new Float64Array(n);
  const t = new Float64Array(H);
  let step = 0;
  // The logistic weights alone, as the linear model's fit.
  for (let s = 0; s < steps; s++) {
    grad.fill(0);
    for (const p of xs) {
      let z = 0;
      for (let f = 0; f < F; f++) z += theta[f]! * p.x![f]!;
      const e = (1 / (1 + Math.exp(-z)) - (p.right ? 1 : 0)) / xs.length;
      for (let f = 0; f < F; f++) grad[f]! += e * p.x![f]!;
    }
    adamStep(theta, grad, m, v, ++step, lr, l2, F);
  }
  // Then with the hidden layer, everything together (the moments of the linear part carry on).
  m.fill(0, F);
  v.fill(0, F);
  for (let s = 0; s < steps; s++) {
    grad.fill(0);
    for (const p of xs) {
      const x = p.x!;
      let z = 0;
      for (let f = 0; f < F; f++) z += theta[f]! * x[f]!;
      for (let h = 0; h < H; h++) {
        let a = 0;
        const row = F + h * F;
        for (let f = 0; f < F; f++) a += (theta[row + f]! * x[f]!) / scale[f]!;
        t[h] = Math.tanh(a);
        z += theta[F + H * F + h]! * t[h]!;
      }
      const e = (1 / (1 + Math.exp(-z)) - (p.right ? 1 : 0)) / xs.length;
      for (let f = 0; f < F; f++) grad[f]! += e * x[f]!;
      for (let h = 0; h < H; h++) {
        grad[F + H * F + h]! += e * t[h]!;
        const back = e * theta[F + H * F + h]! * (1 - t[h]! ** 2);
        const row = F + h * F;
        for (let f = 0; f < F; f++) grad[row + f]! += (back * x[f]!) / scale[f]!;
      }
    }
    adamStep(theta, grad, m, v, ++step, lr, l2);
  }
  return {
    features: [...CONFIDENCE_FEATURES],
    weights: [...theta.subarray(0, F)].map(round4),
    scale: [...scale],
    hidden: Array.from({ length: H }, (_, h) => [...theta.subarray(F + h * F, F + (h + 1) * F)].map(round4)),
    out: [...theta.subarray(F + H * F)].map(round4),
  };
}

export function modelOf(
  weights: SpeakerWeights,
  calibration: { x: number[]; y: number[] } = { x: [], y: [] },
  certainty?: ConfidenceModel,
): SpeakerModel {
  return { features: [...FEATURES], ...weights, ...(certainty ? { certainty } : {}), calibration };
}

/**
 * A model trained on `train`, with its confidence model and calibration fitted on out-of-fold
 * decodes: each training novel is decoded by a model fitted without it (folds of whole novels), so
 * they see the model's decisions on books it has not read.
 */
export function trainModel(
  train: readonly Novel[],
  options: FitOptions & { folds?: number; certainty?: boolean } = {},
): SpeakerModel {
  const weights = fitOnNovels(train, options);
  const folds = Math.min(options.folds ?? 4, train.length);
  if (folds < 2) return modelOf(weights);
  return withConfidence(weights, outOfFoldPoints(train, folds, options), options.certainty ?? true);
}

/**
 * The model of `weights` calibrated on `points`, decisions of models that never saw the novels
 * decoded: with `certainty` (trainModel's default), the confidence model's output
 * (`confidence.ts`) through the isotonic fit, else the speaker probability. Leave-one-novel-out
 * (eval:lono, folds 4), the confidence model with the run facts (flip margin, breaks, run position
 * and length, static log-odds…) gave reviewCatch25 0.5887 against 0.546 for the probability alone,
 * highConfidenceShare 0.4357 against 0.4092 and highConfidenceAccuracy 0.9713 against 0.9646; with
 * its hidden layer (2026-11-28) 0.6047, 0.4846 and 0.963.
 */
export function withConfidence(
  weights: SpeakerWeights,
  points: readonly DecodedPoint[],
  certainty = true,
): SpeakerModel {
  if (!certainty) return modelOf(weights, fitIsotonic(points.map((p) => [p.x ? p.probability : 0, p.right])));
  const model = fitConfidence(points);
  const calibration = fitIsotonic(points.map((p) => [p.x ? certaintyOf(model, p.x, p.probability) : 0, p.right]));
  return modelOf(weights, calibration, model);
}

/** Speaker weights fitted on `novels` (uncalibrated). */
export function fitModel(novels: readonly Novel[], options: FitOptions = {}): SpeakerModel {
  return modelOf(fitOnNovels(novels, options));
}

/** Each novel of `train` decoded by a model fitted without its fold (folds of whole novels). */
export function outOfFoldPoints(train: readonly Novel[], folds: number, options: FitOptions = {}): DecodedPoint[] {
  const points: DecodedPoint[] = [];
  foldTrainingSets(train, folds).forEach((fitOn, f) => {
    const foldModel = modelOf(fitOnNovels(fitOn, options));
    for (const n of train.filter((_, k) => k % folds === f)) points.push(...decodedPoints(foldModel, n));
  });
  return points;
}

/** The novels each of `outOfFoldPoints`' fold models is fitted on: `train` without fold f, for each f. */
export function foldTrainingSets(train: readonly Novel[], folds: number): Novel[][] {
  return Array.from({ length: folds }, (_, f) => train.filter((_, k) => k % folds !== f));
}

/**
 * The novels every speaker-weight fit of `trainModel(train, { folds })` reads (its own, then its
 * fold models'), for fitting them ahead on threads (parallel-fits.ts).
 */
export function trainingSets(train: readonly Novel[], folds: number): Novel[][] {
  const n = Math.min(folds, train.length);
  return [[...train], ...(n < 2 ? [] : foldTrainingSets(train, n))];
}

/** Where the fit cache keeps the weights fitted on these examples with these options (none without a cache). */
function cachedFitPath(gold: readonly Example[], options: FitOptions): string | null {
  return options.cache ? join(options.cache, `${cacheKey(gold, options)}.json`) : null;
}

/** Whether the fit cache already holds the weights of `fitOnNovels(novels, options)`. */
export function isFitCached(novels: readonly Novel[], options: FitOptions): boolean {
  const cached = cachedFitPath(
    novels.flatMap((n) => examplesOf(n)),
    options,
  );
  return cached !== null && existsSync(cached);
}

/**
 * Weights in two passes: first with the annotated speakers as history, then again with the turns
 * also seen under the history that first model decodes, so that decoding, which only ever has its
 * own history, is trained for.
 */
export function fitOnNovels(novels: readonly Novel[], options: FitOptions): SpeakerWeights {
  const gold = novels.flatMap((n) => examplesOf(n));
  const cached = cachedFitPath(gold, options);
  if (cached && existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as SpeakerWeights;
  const weights = fitTwice(novels, gold, options);
  if (cached) {
    mkdirSync(options.cache!, { recursive: true });
    writeFileSync(cached, JSON.stringify(weights));
  }
  return weights;
}

function fitTwice(novels: readonly Novel[], gold: readonly Example[], options: FitOptions): SpeakerWeights {
  const first = modelOf(fitWeights(gold, options));
  const own = novels.flatMap((n) =>
    examplesOf(
      n,
      decode(first, n.turns, n.cast).map((d) => d.speaker),
    ),
  );
  return fitWeights([...gold, ...own], options);
}

/** Why decoded turns are wrong: the annotated speaker has no character, is not a candidate, or lost. */
export function diagnose(model: SpeakerModel, novel: Novel) {
  const decisions = decode(model, novel.turns, novel.cast);
  const out = { turns: 0, notInCast: 0, notCandidate: 0, outscored: 0 };
  decisions.forEach((d, i) => {
    const goldId = novel.gold[i];
    if (goldId === null) return;
    out.turns++;
    if (d.speaker >= 0 && novel.mapped[d.speaker] === goldId) return;
    if (novel.labels[i]! < 0) out.notInCast++;
    else if (!d.ranked.some((r) => novel.mapped[r.char] === goldId)) out.notCandidate++;
    else out.outscored++;
  });
  return out;
}
