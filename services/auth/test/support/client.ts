// A browser-like API client for tests: keeps the `csrf` cookie the gateway sets and sends it back as
// X-CSRF-Token, and sends the bearer token when it has one (SPEC §7's wrapper, minus the retries).
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { success: boolean; data?: T; error?: string } & Record<string, unknown>;
}

export class ApiClient {
  csrf: string | undefined;
  token: string | undefined;

  constructor(readonly baseUrl: string) {}

  /** The first GET of a browser session: obtains the csrf cookie. */
  async start(): Promise<this> {
    await this.call('GET', '/api/auth/login');
    return this;
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...extra };
    if (this.csrf) {
      headers.cookie = `csrf=${this.csrf}`;
      headers['x-csrf-token'] ??= this.csrf;
    }
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const m = /^csrf=([^;]+)/.exec(cookie);
      if (m) this.csrf = m[1];
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
  }

  get<T = unknown>(path: string) {
    return this.call<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body ?? {});
  }
}

let counter = 0;
/** A unique email per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${(counter++).toString(36)}@example.com`;
}

export const GOOD_PASSWORD = 'Corr3ct-horse';

export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    subscriptionTier: 'free',
    acceptTerms: true,
    ...overrides,
  };
}

export interface SessionData {
  token: string;
  user: { id: string; name: string; email: string };
  expiresAt: string;
}

/** Registers a new account through the gateway and returns a signed-in client. */
export async function signedUpClient(baseUrl: string, overrides: Record<string, unknown> = {}) {
  const client = await new ApiClient(baseUrl).start();
  const email = uniqueEmail();
  const res = await client.post<SessionData>('/api/auth/register', registration(email, overrides));
  if (res.status !== 201 || !res.body.data?.token) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  client.token = res.body.data.token;
  return { client, email, user: res.body.data.user };
}
