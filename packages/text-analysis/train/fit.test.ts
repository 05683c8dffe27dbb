// The training pieces that do not need the corpus: isotonic calibration, the confidence model.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_COUNT, CONFIDENCE_FEATURES, certaintyOf } from '../src/speakers/confidence.js';
import { fitConfidence, fitIsotonic, type DecodedPoint } from './fit.js';

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
