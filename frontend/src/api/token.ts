// Where the session token lives (PRODUCT.md): localStorage when the user asked to be remembered,
// sessionStorage (gone when the browser closes) otherwise. Both under the key SPEC §3 names.
export const TOKEN_KEY = 'auth_token';

/** A remembered session outlives the browser; anything up to a day stays in this tab's session. */
const LONG_SESSION_MS = 24 * 60 * 60 * 1000;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can throw (disabled cookies, private mode quotas); treat it as empty.
    return fallback;
  }
}

export function getToken(): string | null {
  return safe(() => localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY), null);
}

export function setToken(token: string, remember: boolean) {
  clearToken();
  safe(() => (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token), undefined);
}

export function clearToken() {
  safe(() => {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
  }, undefined);
}

/** Registration has no checkbox: keep the token where its lifetime says it belongs. */
export function rememberFromExpiry(expiresAt: string | undefined, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at - now > LONG_SESSION_MS;
}
