// The training pieces that do not need the corpus: isotonic calibration, the confidence model.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_COUNT, CONFIDENCE_FEATURES, certaintyOf } from '../src/speakers/confidence.js';
import { BASE_COUNT, BASE_FEATURES, TURN_KINDS } from '../src/speakers/features.js';
import { staticScoreOf } from '../src/speakers/model.js';
import {
  averageFits,
  fitConfidence,
  fitIsotonic,
  fitWeights,
  modelOf,
  type DecodedPoint,
  type Example,
} from './fit.js';

describe('fitIsotonic', () => {
  it('is non-decreasing, pools violators, and shrinks small blocks toward one half', () => {
    const points: [number, boolean][] = [
      [0.1, false],
      [0.2, true],
      [0.3, false],
      [0.5, true],
      [0.6, true],
      [0.9, true],
    ];
    const { x, y } = fitIsotonic(points);
    for (let k = 1; k < y.length; k++) expect(y[k]!).toBeGreaterThanOrEqual(y[k - 1]!);
    for (let k = 1; k < x.length; k++) expect(x[k]!).toBeGreaterThan(x[k - 1]!);
    // The first block is one wrong point: (0 + 1) / (1 + 2), not 0.
    expect(y[0]).toBeCloseTo(1 / 3, 4);
    // 0.2 right and 0.3 wrong pool into one block at 0.25 with rate (1 + 1) / (2 + 2).
    expect(x[1]).toBeCloseTo(0.25, 4);
    expect(y[1]).toBeCloseTo(0.5, 4);
    // Never certain: the three right points at the top score (3 + 1) / (3 + 2).
    expect(y[y.length - 1]).toBeCloseTo(0.8, 4);
  });
});

describe('fitConfidence', () => {
  // Decisions right exactly when two facts differ: no weighting of the facts one by one tells them
  // apart (each is right half the time either way), a combination does.
  const a = CONFIDENCE_FEATURES.indexOf('tagged');
  const b = CONFIDENCE_FEATURES.indexOf('sameAsLast');
  const bias = CONFIDENCE_FEATURES.indexOf('bias');
  const points: DecodedPoint[] = [];
  for (let k = 0; k < 200; k++) {
    const x = new Float64Array(CONFIDENCE_COUNT);
    x[a] = k % 2;
    x[b] = Math.floor(k / 2) % 2;
    x[bias] = 1;
    points.push({ x, probability: 0.5, right: x[a] !== x[b] });
  }

  it('ranks by combinations of facts through its hidden layer, deterministically', () => {
    const model = fitConfidence(points, 300);
    const scores = points.map((p) => certaintyOf(model, p.x!, p.probability));
    for (const [k, p] of points.entries()) {
      if (p.right) expect(scores[k]!).toBeGreaterThan(0.8);
      else expect(scores[k]!).toBeLessThan(0.2);
    }
    expect(fitConfidence(points, 300)).toEqual(model);
  });

  it('a model without a hidden layer is logistic regression over the facts', () => {
    const x = points[1]!.x!;
    const weights = CONFIDENCE_FEATURES.map((f) => (f === 'tagged' ? 2 : f === 'bias' ? -1 : 0));
    expect(certaintyOf({ features: CONFIDENCE_FEATURES, weights }, x, 0.5)).toBeCloseTo(1 / (1 + Math.exp(-1)), 6);
  });
});

describe('fitWeights', () => {
  // Turns of two candidates where the speaker is the one with exactly one of two cues: no weight per
  // cue ranks (1,0) and (0,1) above both (1,1) and (0,0), a combination of cues does.
  const a = BASE_FEATURES.indexOf('narrationFirst');
  const b = BASE_FEATURES.indexOf('betweenTurns');
  const bare = TURN_KINDS.indexOf('bare');
  const cues = (x: number, y: number) => [...(x ? [a] : []), ...(y ? [b] : [])];
  const examples: Example[] = [];
  for (const right of [
    [1, 0],
    [0, 1],
  ])
    for (const wrong of [
      [1, 1],
      [0, 0],
    ]) {
      // Each feature and its copy for the turn's kind, as examplesOf writes them.
      const both = (fs: number[]) => fs.flatMap((f) => [f, BASE_COUNT * (1 + bare) + f]);
      const first = both(cues(right[0]!, right[1]!));
      const second = both(cues(wrong[0]!, wrong[1]!));
      examples.push({
        index: Uint16Array.from([...first, ...second]),
        value: Float64Array.from([...first, ...second].map(() => 1)),
        start: Uint32Array.from([0, first.length, first.length + second.length]),
        right: [true, false],
        kind: bare,
      });
    }
  const score = (model: ReturnType<typeof modelOf>, x: number, y: number) => {
    const features = new Float64Array(BASE_COUNT);
    for (const f of cues(x, y)) features[f] = 1;
    return staticScoreOf(model, bare, features).score;
  };

  it('ranks the speaker first through its hidden layer, deterministically', () => {
    const model = modelOf(fitWeights(examples, { hiddenUnits: 4 }));
    for (const right of [score(model, 1, 0), score(model, 0, 1)])
      for (const wrong of [score(model, 1, 1), score(model, 0, 0)]) expect(right).toBeGreaterThan(wrong + 1);
    expect(fitWeights(examples, { hiddenUnits: 4 })).toEqual(fitWeights(examples, { hiddenUnits: 4 }));
  });

  it('an ensemble scores the mean of its members, its layers side by side', () => {
    const one = fitWeights(examples, { hiddenUnits: 4, ensemble: 1 });
    const other = fitWeights(examples, { hiddenUnits: 4, ensemble: 1, steps: 60 });
    const both = averageFits([one, other]);
    expect(both.hidden).toHaveLength(8);
    for (const [x, y] of [
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 0],
    ] as const) {
      const mean = (score(modelOf(one), x, y) + score(modelOf(other), x, y)) / 2;
      expect(score(modelOf(both), x, y)).toBeCloseTo(mean, 2);
    }
    const three = fitWeights(examples, { hiddenUnits: 4, ensemble: 3 });
    expect(three.hidden).toHaveLength(12);
    // The first start is the single fit's; the others start elsewhere.
    expect(three.hidden!.slice(0, 4)).toEqual(one.hidden);
    expect(three.hidden!.slice(4, 8)).not.toEqual(one.hidden);
  });

  it('without hidden units it is the linear model, which cannot', () => {
    const model = modelOf(fitWeights(examples, { hiddenUnits: 0 }));
    expect(model.hidden).toBeUndefined();
    const rights = [score(model, 1, 0), score(model, 0, 1)];
    const wrongs = [score(model, 1, 1), score(model, 0, 0)];
    expect(Math.min(...rights)).toBeLessThan(Math.max(...wrongs) + 1);
  });
});
