// The training pieces that do not need the corpus: isotonic calibration.
import { describe, expect, it } from 'vitest';
import { fitIsotonic } from './fit.js';

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
