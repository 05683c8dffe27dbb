// Runs the auth state machine: loads the user when a token exists (with the retries, rate-limit
// cooldown and pacing of SPEC §4/§7), signs in, signs out, and keeps other tabs in step.
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import type { AuthSession, User } from '@castbook/contracts';
import * as authApi from '../api/auth-api';
import { clearToken, getToken, rememberFromExpiry, setToken, TOKEN_KEY } from '../api/token';
import { ApiError } from '../api/client';
import { AUTH_USER_CACHE_MS } from '../config';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState, planAfterMeFailure } from './auth-machine';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const { mutate } = useSWRConfig();
  // Each check gets a number; a newer check (or a login/logout) makes older loops stop quietly.
  const generation = useRef(0);
  const lastLoadedAt = useRef(0);

  const loadSession = useCallback(async (): Promise<boolean> => {
    const mine = ++generation.current;
    dispatch({ type: 'CHECK_START' });
    for (let failures = 0; ;) {
      if (!getToken()) {
        dispatch({ type: 'NO_TOKEN' });
        return false;
      }
      try {
        const user = await authApi.fetchMe();
        if (mine !== generation.current) return false;
        lastLoadedAt.current = Date.now();
        dispatch({ type: 'USER_LOADED', user });
        return true;
      } catch (err) {
        if (mine !== generation.current) return false;
        failures += 1;
        const plan = planAfterMeFailure(failures, err);
        if (plan.kind === 'give-up') {
          clearToken();
          dispatch({ type: 'SESSION_LOST' });
          return false;
        }
        if (plan.kind === 'rate-limited') {
          dispatch({ type: 'RATE_LIMITED' });
          failures = 0;
        }
        await sleep(plan.delayMs);
        if (mine !== generation.current) return false;
      }
    }
  }, []);

  useEffect(() => {
    if (getToken()) void loadSession();
    else dispatch({ type: 'NO_TOKEN' });
  }, [loadSession]);

  // Coming back to the tab after the user cache has aged (30 s): check the session is still valid.
  useEffect(() => {
    const onFocus = async () => {
      if (state.status !== 'authenticated' || Date.now() - lastLoadedAt.current < AUTH_USER_CACHE_MS) return;
      lastLoadedAt.current = Date.now();
      try {
        const user = await authApi.fetchMe();
        dispatch({ type: 'USER_UPDATED', user });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          clearToken();
          dispatch({ type: 'SESSION_LOST' });
        }
      }
    };
    const listener = () => void onFocus();
    window.addEventListener('focus', listener);
    return () => window.removeEventListener('focus', listener);
  }, [state.status]);

  // Signing out in another tab removes the token from localStorage: follow it here.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY && !e.newValue && !getToken()) {
        generation.current++;
        dispatch({ type: 'SESSION_LOST' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback(async (input: authApi.LoginInput): Promise<User> => {
    generation.current++;
    dispatch({ type: 'LOGIN_START' });
    try {
      const session = await authApi.login(input);
      setToken(session.token, input.rememberMe);
      lastLoadedAt.current = Date.now();
      dispatch({ type: 'LOGIN_OK', user: session.user });
      return session.user;
    } catch (err) {
      dispatch({ type: 'LOGIN_FAILED' });
      throw err;
    }
  }, []);

  const startSession = useCallback(
    async (session: Partial<AuthSession> & { token: string }) => {
      setToken(session.token, rememberFromExpiry(session.expiresAt));
      return loadSession();
    },
    [loadSession],
  );

  const logout = useCallback(async () => {
    generation.current++;
    dispatch({ type: 'LOGOUT_START' });
    let ok = true;
    try {
      await authApi.logout();
    } catch {
      ok = false;
    }
    clearToken();
    // Nothing of this user's data may survive in the cache for the next one.
    await mutate(() => true, undefined, { revalidate: false });
    return ok;
  }, [mutate]);

  const finishLogout = useCallback((ok: boolean) => dispatch({ type: 'LOGOUT_DONE', ok }), []);
  const setUser = useCallback((user: User) => dispatch({ type: 'USER_UPDATED', user }), []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, startSession, logout, finishLogout, setUser }),
    [state, login, startSession, logout, finishLogout, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
