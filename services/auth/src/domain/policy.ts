// Account rules in numbers (PRODUCT.md and the issues).
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Remember me checked: the session lasts 30 days; unchecked: at most 24 hours. */
export function sessionLifetimeMs(rememberMe: boolean): number {
  return rememberMe ? 30 * DAY : DAY;
}

/** A reset link works once, for one hour. */
export const RESET_LINK_TTL_MS = HOUR;
/** Reset mails per account per hour; more requests get the same answer but no mail (no mail bombing). */
export const RESET_MAILS_PER_HOUR = 5;

export interface LoginThrottle {
  /** Failed sign-ins one (account, client address) pair gets before the delays start. */
  freeFailures: number;
  /** The first delay; each further failure doubles it... */
  firstDelayMs: number;
  /** ...up to this one. */
  maxDelayMs: number;
  /** Failed sign-ins one client address gets over all accounts in one window; the next one is 429. */
  addressMaxFailures: number;
  addressWindowMs: number;
}

/**
 * A pair (account, address) that has been quiet this long starts again from zero failures, and its
 * row is pruned. Longer than any delay, so waiting out a delay never resets the count.
 */
export const THROTTLE_MEMORY_MS = DAY;

/**
 * The delay after each failure of a pair: entry n - 1 is how long the pair waits after its n-th
 * failure in a row (0 = no wait), the last entry holds for every failure after it. With 5 free
 * failures, 1 minute first and 15 at most: 0, 0, 0, 0, 1, 2, 4, 8, 15 minutes.
 */
export function delaySchedule(t: Pick<LoginThrottle, 'freeFailures' | 'firstDelayMs' | 'maxDelayMs'>): number[] {
  const schedule = new Array<number>(Math.max(0, t.freeFailures - 1)).fill(0);
  for (let delay = Math.max(1, t.firstDelayMs); ; delay *= 2) {
    if (delay >= t.maxDelayMs) return [...schedule, t.maxDelayMs];
    schedule.push(delay);
  }
}

/** Seconds until `until` (Retry-After), at least 1. */
export function retryAfterSec(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** Emails are compared case-insensitively; the lower-cased, trimmed form keys per-email counters. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
