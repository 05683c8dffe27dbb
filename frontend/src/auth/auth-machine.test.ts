import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { authReducer, initialAuthState, planAfterMeFailure, type AuthEvent, type AuthState } from './auth-machine';

const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' };
const run = (events: AuthEvent[], from: AuthState = initialAuthState) => events.reduce(authReducer, from);

describe('auth states of SPEC §4', () => {
  it('starts idle; no token means unauthenticated', () => {
    expect(initialAuthState.status).toBe('idle');
    expect(run([{ type: 'NO_TOKEN' }])).toEqual({ status: 'unauthenticated', user: null });
  });

  it('with a token: authenticating, then authenticated with the user', () => {
    expect(run([{ type: 'CHECK_START' }]).status).toBe('authenticating');
    expect(run([{ type: 'CHECK_START' }, { type: 'USER_LOADED', user }])).toEqual({ status: 'authenticated', user });
  });

  it('a lost session ends unauthenticated without the user', () => {
    expect(run([{ type: 'CHECK_START' }, { type: 'USER_LOADED', user }, { type: 'SESSION_LOST' }])).toEqual({
      status: 'unauthenticated',
      user: null,
    });
  });

  it('a 429 returns to authenticating but keeps the user visible (dimmed)', () => {
    expect(run([{ type: 'USER_LOADED', user }, { type: 'RATE_LIMITED' }])).toEqual({ status: 'authenticating', user });
  });

  it('login: authenticating, then authenticated or unauthenticated', () => {
    expect(run([{ type: 'NO_TOKEN' }, { type: 'LOGIN_START' }]).status).toBe('authenticating');
    expect(run([{ type: 'LOGIN_START' }, { type: 'LOGIN_OK', user }])).toEqual({ status: 'authenticated', user });
    expect(run([{ type: 'LOGIN_START' }, { type: 'LOGIN_FAILED' }]).status).toBe('unauthenticated');
  });

  it('logout passes through logout to unauthenticated', () => {
    const during = run([{ type: 'USER_LOADED', user }, { type: 'LOGOUT_START' }]);
    expect(during.status).toBe('logout');
    expect(authReducer(during, { type: 'LOGOUT_DONE', ok: true })).toEqual({
      status: 'unauthenticated',
      user: null,
      signedOutBy: 'logout',
    });
    expect(authReducer(during, { type: 'LOGOUT_DONE', ok: false }).signedOutBy).toBe('failed-logout');
    // Signing in again forgets how the last session ended.
    expect(run([{ type: 'LOGOUT_DONE', ok: true }, { type: 'LOGIN_START' }]).signedOutBy).toBeUndefined();
  });

  it('a profile update replaces the user only while signed in', () => {
    const renamed = { ...user, name: 'Ada King' };
    expect(
      run([
        { type: 'USER_LOADED', user },
        { type: 'USER_UPDATED', user: renamed },
      ]).user,
    ).toEqual(renamed);
    expect(run([{ type: 'NO_TOKEN' }, { type: 'USER_UPDATED', user: renamed }]).user).toBeNull();
  });
});

describe('after GET /me fails', () => {
  const network = new ApiError('Failed to fetch', 0);
  it('retries after 500 ms, then 1000 ms, then gives up', () => {
    expect(planAfterMeFailure(1, network)).toEqual({ kind: 'retry', delayMs: 500 });
    expect(planAfterMeFailure(2, new ApiError('Unknown error', 503))).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(planAfterMeFailure(3, network)).toEqual({ kind: 'give-up' });
  });

  it('waits the 5 s cooldown on 429, longer when Retry-After says so', () => {
    expect(planAfterMeFailure(1, new ApiError('Too many', 429, 2000))).toEqual({ kind: 'rate-limited', delayMs: 5000 });
    expect(planAfterMeFailure(3, new ApiError('Too many', 429, 8000))).toEqual({ kind: 'rate-limited', delayMs: 8000 });
  });

  it('gives up at once on 401: a refused token stays refused', () => {
    expect(planAfterMeFailure(1, new ApiError('Session has expired', 401))).toEqual({ kind: 'give-up' });
  });
});
