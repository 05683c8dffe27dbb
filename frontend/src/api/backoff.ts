// Pacing of GET /api/auth/me (SPEC §7): at least 1 s between requests, after failures a backoff of
// min(2^n * 100, 5000) ms, and after a 429 nothing before Retry-After has passed.
import { AUTH_BACKOFF_CAP_MS, AUTH_MIN_GAP_MS, QUERY_RETRY_CAP_MS } from '../config';

export function backoffMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(2 ** failures * 100, AUTH_BACKOFF_CAP_MS);
}

/** SWR's retry delay for ordinary queries: min(1000 * 2^n, 10000) ms. */
export function queryRetryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS);
}

export interface ThrottleState {
  lastRequestAt: number | null;
  failures: number;
  notBefore: number;
}

export const initialThrottle: ThrottleState = { lastRequestAt: null, failures: 0, notBefore: 0 };

/** How long to wait before the next request may leave. */
export function delayBeforeNext(state: ThrottleState, now: number): number {
  const gap = state.lastRequestAt === null ? 0 : state.lastRequestAt + AUTH_MIN_GAP_MS - now;
  const backoff = state.lastRequestAt === null ? 0 : state.lastRequestAt + backoffMs(state.failures) - now;
  return Math.max(0, gap, backoff, state.notBefore - now);
}

export function afterRequest(
  state: ThrottleState,
  now: number,
  outcome: { ok: true } | { ok: false; retryAfterMs?: number | null },
): ThrottleState {
  if (outcome.ok) return { lastRequestAt: now, failures: 0, notBefore: 0 };
  const notBefore = outcome.retryAfterMs != null ? now + outcome.retryAfterMs : state.notBefore;
  return { lastRequestAt: now, failures: state.failures + 1, notBefore };
}
