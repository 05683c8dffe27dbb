import { describe, expect, it } from 'vitest';
import { afterRequest, backoffMs, delayBeforeNext, initialThrottle, queryRetryDelayMs } from './backoff';

describe('pacing of GET /me (SPEC §7)', () => {
  it('backs off min(2^n * 100, 5000) ms', () => {
    expect([0, 1, 2, 3, 5, 6, 10].map(backoffMs)).toEqual([0, 200, 400, 800, 3200, 5000, 5000]);
  });

  it('retries queries after min(1000 * 2^n, 10000) ms', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10000]);
  });

  it('keeps at least 1 s between requests', () => {
    const s = afterRequest(initialThrottle, 10_000, { ok: true });
    expect(delayBeforeNext(initialThrottle, 10_000)).toBe(0);
    expect(delayBeforeNext(s, 10_300)).toBe(700);
    expect(delayBeforeNext(s, 11_000)).toBe(0);
  });

  it('waits for the backoff after repeated failures, and a success resets it', () => {
    let s = initialThrottle;
    for (let i = 0; i < 5; i++) s = afterRequest(s, 0, { ok: false });
    expect(s.failures).toBe(5);
    expect(delayBeforeNext(s, 0)).toBe(3200);
    s = afterRequest(s, 0, { ok: true });
    expect(delayBeforeNext(s, 0)).toBe(1000);
  });

  it('honours Retry-After after a 429', () => {
    const s = afterRequest(initialThrottle, 1_000, { ok: false, retryAfterMs: 9_000 });
    expect(delayBeforeNext(s, 2_000)).toBe(8_000);
  });
});
