// The auth states and transitions of SPEC §4 as a pure reducer; AuthProvider runs the side effects.
import type { User } from '@castbook/contracts';
import { ApiError } from '../api/client';
import { ME_RETRY_DELAYS_MS, RATE_LIMIT_COOLDOWN_MS } from '../config';

export type AuthStatus = 'idle' | 'authenticating' | 'authenticated' | 'unauthenticated' | 'logout';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Set when the user signed out on purpose, so the guard sends them to /login without a redirect. */
  signedOutBy?: 'logout' | 'failed-logout';
}

export type AuthEvent =
  | { type: 'NO_TOKEN' }
  | { type: 'CHECK_START' }
  | { type: 'RATE_LIMITED' }
  | { type: 'USER_LOADED'; user: User }
  | { type: 'SESSION_LOST' }
  | { type: 'LOGIN_START' }
  | { type: 'LOGIN_OK'; user: User }
  | { type: 'LOGIN_FAILED' }
  | { type: 'LOGOUT_START' }
  | { type: 'LOGOUT_DONE'; ok: boolean }
  | { type: 'USER_UPDATED'; user: User };

export const initialAuthState: AuthState = { status: 'idle', user: null };

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'NO_TOKEN':
    case 'SESSION_LOST':
    case 'LOGIN_FAILED':
      return { status: 'unauthenticated', user: null };
    case 'LOGOUT_DONE':
      return { status: 'unauthenticated', user: null, signedOutBy: event.ok ? 'logout' : 'failed-logout' };
    case 'CHECK_START':
    case 'RATE_LIMITED':
    case 'LOGIN_START':
      // The user (if any) stays visible, dimmed, while the session is being (re)established.
      return { status: 'authenticating', user: state.user };
    case 'USER_LOADED':
    case 'LOGIN_OK':
      return { status: 'authenticated', user: event.user };
    case 'LOGOUT_START':
      return { status: 'logout', user: state.user };
    case 'USER_UPDATED':
      return state.status === 'authenticated' ? { ...state, user: event.user } : state;
  }
}

export type MeFailurePlan =
  { kind: 'retry'; delayMs: number } | { kind: 'rate-limited'; delayMs: number } | { kind: 'give-up' };

/**
 * What to do after GET /me failed `failuresSoFar` times (1 = the first failure): retry after 500 ms,
 * then 1000 ms, then give up (the token is removed). A 429 waits for the 5 s cooldown or Retry-After,
 * whichever is longer. A 401 gives up at once: a refused token is refused the same way every time.
 */
export function planAfterMeFailure(failuresSoFar: number, err: unknown): MeFailurePlan {
  if (err instanceof ApiError && err.status === 429) {
    return { kind: 'rate-limited', delayMs: Math.max(RATE_LIMIT_COOLDOWN_MS, err.retryAfterMs ?? 0) };
  }
  if (err instanceof ApiError && err.status === 401) return { kind: 'give-up' };
  const delay = ME_RETRY_DELAYS_MS[failuresSoFar - 1];
  return delay === undefined ? { kind: 'give-up' } : { kind: 'retry', delayMs: delay };
}
