// A browser-like API client for tests: keeps the `csrf` cookie the gateway sets and sends it back as
// X-CSRF-Token, and sends the bearer token when it has one (SPEC §7's wrapper, minus the retries).
// With `from`, it connects from that local address (any of 127.0.0.0/8 works on Linux), so the
// gateway sees a different client address, exactly as it would see a different machine.
import { request } from 'node:http';
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { success: boolean; data?: T; error?: string } & Record<string, unknown>;
}

export class ApiClient {
  csrf: string | undefined;
  token: string | undefined;

  /** `from`: the local address to connect from (e.g. '127.0.0.2'); default the system's choice. */
  constructor(
    readonly baseUrl: string,
    readonly from?: string,
  ) {}

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
    const res = await send(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      from: this.from,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const m = /^csrf=([^;]+)/.exec(cookie);
      if (m) this.csrf = m[1];
    }
    return { status: res.status, headers: res.headers, body: res.text ? JSON.parse(res.text) : {} };
  }

  get<T = unknown>(path: string) {
    return this.call<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body ?? {});
  }

  /**
   * A multipart form, as the browser's FormData sends it: strings as text parts, Files as files
   * under their names, other Blobs as files named after their field (`avatar.bin`).
   */
  async form<T = unknown>(method: string, path: string, fields: Record<string, string | Blob>): Promise<Answer<T>> {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v === 'string' || v instanceof File) body.append(k, v);
      else body.append(k, v, `${k}.bin`);
    }
    const headers: Record<string, string> = {};
    if (this.csrf) Object.assign(headers, { cookie: `csrf=${this.csrf}`, 'x-csrf-token': this.csrf });
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(new URL(path, this.baseUrl), { method, body, headers });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
  }
}

/** Form fields with each Buffer as a file named take.wav (audio/wav), as the recorder uploads a take. */
export function asTakeFiles(fields: Record<string, string | Buffer>): Record<string, string | File> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : new File([new Uint8Array(v)], 'take.wav', { type: 'audio/wav' }),
    ]),
  );
}

/** One HTTP request on its own connection (node:http, because fetch cannot pick the local address). */
function send(
  url: URL,
  opts: { method: string; headers: Record<string, string>; body?: string; from?: string },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: opts.method, headers: opts.headers, localAddress: opts.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
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
