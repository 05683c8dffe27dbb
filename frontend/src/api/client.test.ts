import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  EARLY_MAX_MS,
  errorMessageOf,
  fileNameOf,
  isPublicEndpoint,
  parseRetryAfter,
} from './client';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? 'not json' : JSON.stringify(body), { status, headers });
}

function client(
  responses: Response[],
  cookies: Record<string, string> = { csrf: 'c-1' },
  token: string | null = 'tok',
) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => responses.shift() ?? json(500, {}));
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getCookie: (n) => cookies[n] ?? null,
    getToken: () => token,
  });
  return { api, fetch, headersOf: (i: number) => (fetch.mock.calls[i]![1]!.headers ?? {}) as Record<string, string> };
}

describe('the API wrapper (SPEC §7)', () => {
  it('sends credentials, the CSRF cookie and the bearer token', async () => {
    const { api, fetch, headersOf } = client([json(200, { success: true, data: { id: 'u1' } })]);
    await expect(api.request('/api/auth/me')).resolves.toEqual({ success: true, data: { id: 'u1' } });
    expect(fetch.mock.calls[0]![1]!.credentials).toBe('include');
    expect(headersOf(0)['X-CSRF-Token']).toBe('c-1');
    expect(headersOf(0).Authorization).toBe('Bearer tok');
  });

  it('never sends the bearer token to the public endpoints', async () => {
    for (const path of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/reset-password',
      '/api/auth/reset-password/confirm',
      '/api/health',
    ]) {
      expect(isPublicEndpoint(path)).toBe(true);
      const { api, headersOf } = client([json(200, { success: true, data: null })]);
      await api.request(path, { method: 'POST', json: {} });
      expect(headersOf(0).Authorization).toBeUndefined();
    }
    expect(isPublicEndpoint('/api/auth/logout')).toBe(false);
    expect(isPublicEndpoint('/api/auth/login-history')).toBe(false);
  });

  it("wraps a non-OK answer as 'API Error: {error}', or 'Unknown error' without one", async () => {
    const { api } = client([json(401, { success: false, error: 'Session has expired' }), json(500, undefined)]);
    const first = await api.request('/api/auth/me').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).message).toBe('API Error: Session has expired');
    expect((first as ApiError).serverMessage).toBe('Session has expired');
    expect((first as ApiError).status).toBe(401);
    await expect(api.request('/api/auth/me')).rejects.toThrow('API Error: Unknown error');
  });

  it('wraps a network failure and reads Retry-After on 429', async () => {
    const { api, fetch } = client([
      json(429, { error: 'Too many attempts. Please try again later' }, { 'Retry-After': '7' }),
    ]);
    const limited = (await api
      .request('/api/auth/login', { method: 'POST', json: {} })
      .catch((e: unknown) => e)) as ApiError;
    expect(limited.retryAfterMs).toBe(7000);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.request('/api/auth/me')).rejects.toThrow('API Error: Failed to fetch');
  });

  it('fetches a CSRF token first when a state-changing call finds no cookie', async () => {
    const { api, fetch, headersOf } = client(
      [
        json(200, { csrfToken: 'from-body' }, { 'X-CSRF-Token': 'from-header' }),
        json(200, { success: true, data: {} }),
      ],
      {},
    );
    await api.request('/api/auth/login', { method: 'POST', json: { email: 'a@b.c' } });
    expect(fetch.mock.calls.map((c) => [c[0], c[1]!.method])).toEqual([
      ['/api/auth/login', 'GET'],
      ['/api/auth/login', 'POST'],
    ]);
    expect(headersOf(1)['X-CSRF-Token']).toBe('from-header');
  });

  it('does not fetch a CSRF token for reads', async () => {
    const { api, fetch } = client([json(200, { success: true, data: 1 })], {});
    await api.request('/api/subscriptions');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('treats success:false in a 200 answer as a failure', async () => {
    const { api } = client([json(200, { success: false, error: 'Operation failed' })]);
    await expect(api.request('/api/x')).rejects.toThrow('API Error: Operation failed');
  });

  it('parses both forms of Retry-After', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
    expect(errorMessageOf({ error: '' })).toBe('Unknown error');
  });
});

describe('files the server names (exports)', () => {
  it("reads the name of Content-Disposition, RFC 5987's UTF-8 filename* first", () => {
    expect(fileNameOf('attachment; filename="The Mendle Isles-script.docx"')).toBe('The Mendle Isles-script.docx');
    expect(fileNameOf(`attachment; filename="?a va-quotes.csv"; filename*=UTF-8''%C3%87a%20va-quotes.csv`)).toBe(
      'Ça va-quotes.csv',
    );
    expect(fileNameOf('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="fallback.pdf"')).toBe('fallback.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('downloads with the bearer token and answers the bytes and the name; a refusal is an ApiError', async () => {
    const file = new Response('a,b\r\n', {
      status: 200,
      headers: { 'Content-Disposition': 'attachment; filename="Book-quotes.csv"' },
    });
    const { api, headersOf } = client([file, json(400, { success: false, error: 'Bad characters' })]);
    const got = await api.requestFile('/api/projects/p1/export/quotes.csv');
    expect(got.fileName).toBe('Book-quotes.csv');
    expect(await got.blob.text()).toBe('a,b\r\n');
    expect(headersOf(0).Authorization).toBe('Bearer tok');
    await expect(api.requestFile('/api/projects/p1/export/sides.pdf?characters=x')).rejects.toEqual(
      new ApiError('Bad characters', 400),
    );
  });
});

describe('GETs started early (a route loader prefetching what its screen reads)', () => {
  function timed(responses: Response[], token: string | null = 'tok') {
    let now = 1_000;
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => responses.shift() ?? json(500, {}),
    );
    const api = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getCookie: () => 'c-1',
      getToken: () => token,
      now: () => now,
    });
    return { api, fetch, later: (ms: number) => (now += ms) };
  }
  const one = (id: string) => json(200, { success: true, data: { id } });

  it('the first request of the path takes the prefetched answer; the next one asks again', async () => {
    const { api, fetch } = timed([one('early'), one('again')]);
    api.prefetch('/api/projects/p1');
    api.prefetch('/api/projects/p1'); // already going: not sent twice
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(api.request('/api/projects/p1')).resolves.toEqual({ success: true, data: { id: 'early' } });
    await expect(api.request('/api/projects/p1')).resolves.toEqual({ success: true, data: { id: 'again' } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('an edit in between, or an answer left too long, is not used', async () => {
    const { api, fetch } = timed([one('early'), json(200, { success: true, data: null }), one('fresh')]);
    api.prefetch('/api/projects/p1');
    await api.request('/api/projects/p1/quotes', { method: 'PATCH', json: {} });
    await expect(api.request('/api/projects/p1')).resolves.toEqual({ success: true, data: { id: 'fresh' } });

    const stale = timed([one('early'), one('fresh')]);
    stale.api.prefetch('/api/projects/p1');
    stale.later(EARLY_MAX_MS + 1);
    await expect(stale.api.request('/api/projects/p1')).resolves.toEqual({ success: true, data: { id: 'fresh' } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('is not sent without a session (the stage sends the visitor to sign in)', () => {
    const { api, fetch } = timed([], null);
    api.prefetch('/api/projects/p1');
    expect(fetch).not.toHaveBeenCalled();
  });
});
