import { describe, expect, it } from 'vitest';
import { delaySchedule, retryAfterSec } from './policy.js';

const MIN = 60_000;

describe('delaySchedule', () => {
  it('gives a pair its free failures, then 1, 2, 4, 8 and at most 15 minutes', () => {
    expect(delaySchedule({ freeFailures: 5, firstDelayMs: MIN, maxDelayMs: 15 * MIN })).toEqual(
      [0, 0, 0, 0, 1, 2, 4, 8, 15].map((m) => m * MIN),
    );
  });

  it('starts at the first failure when there are no free ones beyond it', () => {
    expect(delaySchedule({ freeFailures: 1, firstDelayMs: MIN, maxDelayMs: 3 * MIN })).toEqual([MIN, 2 * MIN, 3 * MIN]);
  });

  it('never waits longer than the cap, even when the first delay is longer', () => {
    expect(delaySchedule({ freeFailures: 2, firstDelayMs: 20 * MIN, maxDelayMs: 15 * MIN })).toEqual([0, 15 * MIN]);
  });
});

describe('retryAfterSec', () => {
  it('rounds up to whole seconds, at least 1', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(retryAfterSec(new Date(now.getTime() + 59_001), now)).toBe(60);
    expect(retryAfterSec(new Date(now.getTime() + 60_000), now)).toBe(60);
    expect(retryAfterSec(now, now)).toBe(1);
    expect(retryAfterSec(new Date(now.getTime() - 5000), now)).toBe(1);
  });
});
