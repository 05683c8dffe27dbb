// The one way the app talks to the gateway (SPEC §7): credentials included, the `csrf` cookie echoed
// in X-CSRF-Token, the bearer token on every call except the public ones, failures as
// 'API Error: {message}' where the message is the answer's `error` field or 'Unknown error'.
import { readCookie } from './cookies';
import { getToken } from './token';

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

export class ApiError extends Error {
  constructor(
    /** The server's own words (or the network error), without the 'API Error: ' prefix, for forms. */
    readonly serverMessage: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** From Retry-After on 429/503 answers. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`API Error: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

const PUBLIC_ENDPOINTS = [
  /^\/api\/auth\/login$/,
  /^\/api\/auth\/register$/,
  /^\/api\/auth\/reset-password(\/.*)?$/,
  /^\/api\/health$/,
];

/** Public endpoints never carry the bearer token (a stale token must not break signing in). */
export function isPublicEndpoint(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  return PUBLIC_ENDPOINTS.some((re) => re.test(bare));
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export function errorMessageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return 'Unknown error';
}

export interface ApiDeps {
  fetch: typeof fetch;
  getCookie: (name: string) => string | null;
  getToken: () => string | null;
  /** Milliseconds (Date.now): how old a prefetched answer is. */
  now?: () => number;
}

/** A prefetched GET older than this is not used: the screen asks again. */
export const EARLY_MAX_MS = 10_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  /** A multipart body (uploads); the browser sets its Content-Type with the boundary. */
  form?: FormData;
  signal?: AbortSignal;
  /** More request headers (If-Match on a conditional edit). */
  headers?: Record<string, string>;
  /** Sees a successful answer's headers (its ETag) before its body is returned. */
  onHeaders?: (headers: Headers) => void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApiClient(given: ApiDeps) {
  const deps = { now: Date.now, ...given };
  // The token from GET /api/auth/login when the cookie cannot be read (SPEC §7: header, body or cookie).
  let csrfFromServer: string | null = null;
  let csrfPending: Promise<void> | null = null;

  const csrfToken = () => deps.getCookie(CSRF_COOKIE) ?? csrfFromServer;

  async function send(path: string, options: RequestOptions): Promise<Response> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    const csrf = csrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
    const token = isPublicEndpoint(path) ? null : deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(path, {
        method,
        headers,
        credentials: 'include',
        body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
        signal: options.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError((err as Error).message || 'Network error', 0);
    }
  }

  /** Obtains the CSRF token once, before the first state-changing call of a fresh browser. */
  async function ensureCsrf(): Promise<void> {
    if (csrfToken()) return;
    csrfPending ??= (async () => {
      try {
        const res = await send('/api/auth/login', { method: 'GET' });
        const body = (await res.json().catch(() => null)) as {
          csrfToken?: string;
          data?: { csrfToken?: string };
        } | null;
        csrfFromServer =
          res.headers.get(CSRF_HEADER) ?? body?.csrfToken ?? body?.data?.csrfToken ?? deps.getCookie(CSRF_COOKIE);
      } catch {
        // The state-changing call itself will report the failure in its own words.
      } finally {
        csrfPending = null;
      }
    })();
    await csrfPending;
  }

  // GETs started before the screen that reads them has loaded (a route's loader starts the workspace's
  // 7 MB project while the page's code downloads and the session is checked): the first request for
  // the same path takes the answer instead of asking again. Any edit drops them, so an answer from
  // before an edit is never read after it, and one left unread goes stale after EARLY_MAX_MS.
  const early = new Map<string, { res: Promise<Response>; at: number }>();

  /** Starts GET `path` now (signed in only) for the next request of the same path to take. */
  function prefetch(path: string): void {
    if (early.has(path) || !deps.getToken()) return;
    const res = send(path, { method: 'GET' });
    res.catch(() => undefined); // read (or dropped) by the request that takes it
    early.set(path, { res, at: deps.now() });
  }

  function takeEarly(path: string, options: RequestOptions): Promise<Response> | null {
    if ((options.method ?? 'GET') !== 'GET') {
      early.clear();
      return null;
    }
    const got = early.get(path);
    if (!got || options.signal) return null;
    early.delete(path);
    return deps.now() - got.at <= EARLY_MAX_MS ? got.res : null;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (!SAFE_METHODS.has(options.method ?? 'GET')) await ensureCsrf();
    const res = await (takeEarly(path, options) ?? send(path, options));
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      throw new ApiError(errorMessageOf(body), res.status, parseRetryAfter(res.headers.get('Retry-After')));
    }
    if (body && typeof body === 'object' && (body as { success?: unknown }).success === false) {
      throw new ApiError(errorMessageOf(body), res.status);
    }
    options.onHeaders?.(res.headers);
    return body as T;
  }

  /** A binary answer (thumbnails, avatars, audio) fetched with the session, for `<img>` via an object URL. */
  async function requestBlob(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Blob> {
    const res = await send(path, { method: 'GET', signal: options.signal });
    if (!res.ok) {
      const body: unknown = await res.json().catch(() => null);
      throw new ApiError(errorMessageOf(body), res.status, parseRetryAfter(res.headers.get('Retry-After')));
    }
    return res.blob();
  }

  /** A file the server names (exports): its bytes and the name its Content-Disposition gives. */
  async function requestFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
    const res = await send(path, { method: 'GET' });
    if (!res.ok) {
      const body: unknown = await res.json().catch(() => null);
      throw new ApiError(errorMessageOf(body), res.status, parseRetryAfter(res.headers.get('Retry-After')));
    }
    return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('Content-Disposition')) };
  }

  return { request, requestBlob, requestFile, ensureCsrf, prefetch };
}

/** The file name of a Content-Disposition header: RFC 5987's `filename*` (UTF-8) first, else `filename`. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/i.exec(header);
  if (!plain) return null;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!.trim();
}

export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  getCookie: (name) => (typeof document === 'undefined' ? null : readCookie(document.cookie, name)),
  getToken,
});

/** The SWR fetcher: keys are API paths; answers are the `{ success, data }` envelope's data. */
export async function swrFetcher<T>(path: string): Promise<T> {
  const body = await api.request<{ data: T }>(path);
  return body.data;
}
