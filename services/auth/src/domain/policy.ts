// Account rules in numbers (PRODUCT.md and the issue).
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

export interface LoginLimit {
  /** Sign-in attempts per email allowed in one window; the next one is answered 429. */
  maxAttempts: number;
  windowMs: number;
}

/** Seconds until the window of a locked email ends (Retry-After), at least 1. */
export function retryAfterSec(windowStartedAt: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - now.getTime()) / 1000));
}

/** Emails are compared case-insensitively; the lower-cased, trimmed form keys per-email counters. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
