// Where to go after signing in (SPEC §2): the `redirect` search param when it is a path inside this
// app, never back to /login (that would loop), otherwise the default post-login page.
import { DEFAULT_AFTER_LOGIN } from '../config';

export function isLoginPath(target: string): boolean {
  const path = target.split(/[?#]/)[0] ?? '';
  return path === '/login' || path === '/login/';
}

export function safeRedirect(raw: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!raw) return fallback;
  const target = raw.trim();
  // Only same-origin paths: '//evil.example' and '/\evil.example' are protocol-relative URLs.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (isLoginPath(target)) return fallback;
  return target;
}

/** The sign-in page for someone who tried to open `path`; none when they are already on /login. */
export function loginUrlFor(path: string): string {
  if (isLoginPath(path)) return path;
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** SPEC §4: after logging out, /login; after a failed logout call, /login with redirect=/stage. */
export function logoutTarget(ok: boolean): string {
  return ok ? '/login' : `/login?redirect=${encodeURIComponent('/stage')}`;
}
