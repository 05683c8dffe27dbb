// The gateway's side of the Hardening issue, against a stand-in service built on the same platform
// bootstrap: a body over a service's limit is that service's 413 every time (never a 502 or a reset),
// a body over the gateway's own limit is its 413 whether declared or streamed, long URLs are 414s
// that say so, every answer carries the Permissions-Policy, and nothing is left hanging afterwards.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpService, createLogger, listen, PERMISSIONS_POLICY, type HttpService } from '@castbook/platform';
import { buildGateway } from '../src/app.js';

const MB = 1024 * 1024;
const CSRF = 'c'.repeat(43);
const HEADERS = { cookie: `csrf=${CSRF}`, 'x-csrf-token': CSRF, 'content-type': 'application/json' };

let service: HttpService;
let gateway: HttpService;
let gatewayUrl: string;
/** Bodies the stand-in service read to the end, by route. */
const received: Record<string, number> = {};

interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/** A request through node:http: the body as chunks, with or without a declared length. */
function send(options: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  chunks?: Buffer[];
  stopOnAnswer?: boolean;
}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      new URL(options.path, gatewayUrl),
      { method: options.method, headers: options.headers },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {}, headers: res.headers });
          if (options.stopOnAnswer) req.destroy();
        });
      },
    );
    req.on('error', (err) => (answered ? undefined : reject(err)));
    void (async () => {
      for (const chunk of options.chunks ?? []) {
        if (answered && options.stopOnAnswer) return;
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      }
      if (!options.stopOnAnswer) req.end();
    })();
  });
}

const BIG_JSON = {
  quotes: Array.from({ length: 4000 }, (_, i) => ({ id: `q${i}`, text: `Line number ${i}`, speakerId: null })),
};
const BIG_AUDIO = Buffer.alloc(200 * 1024, 0x61);
/** Well over the plugin's own 1 KB threshold, under the gateway's. */
const SMALL_JSON = { quotes: BIG_JSON.quotes.slice(0, 500) };

const chunks = (total: number, size = 64 * 1024) =>
  Array.from({ length: Math.ceil(total / size) }, () => Buffer.alloc(size, 0x61));

beforeAll(async () => {
  const logger = createLogger('test', 'silent');
  service = await createHttpService({ name: 'stand-in', logger, readiness: {} });
  // A public route with the default 1 MB limit, and one that takes anything the gateway lets through.
  service.post('/api/auth/register', async () => ({ success: true, data: {} }));
  // A large JSON answer (as a long novel's project is), a small one, or audio.
  service.get('/api/auth/login', async (req, reply) =>
    (req.query as { kind?: string }).kind === 'audio'
      ? reply.type('audio/wav').send(BIG_AUDIO)
      : { success: true, data: (req.query as { kind?: string }).kind === 'small' ? SMALL_JSON : BIG_JSON },
  );
  await service.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', (_req, payload, done) => done(null, payload));
    scope.post('/api/auth/login', { bodyLimit: 200 * MB }, async (req) => {
      let n = 0;
      for await (const chunk of req.body as AsyncIterable<Buffer>) n += chunk.length;
      received.login = (received.login ?? 0) + 1;
      return { success: true, data: { bytes: n } };
    });
  });
  const url = await listen(service, 0);
  gateway = await buildGateway(
    {
      PORT: 0,
      HOST: '127.0.0.1',
      AUTH_URL: url,
      PROJECTS_URL: url,
      AUTHORS_URL: url,
      ANALYSIS_URL: url,
      BILLING_URL: url,
      RATE_LIMIT_LOGIN_PER_MINUTE: 10_000,
      RATE_LIMIT_REGISTER_PER_MINUTE: 10_000,
      RATE_LIMIT_RESET_PER_MINUTE: 10_000,
    },
    logger,
  );
  gatewayUrl = await listen(gateway, 0);
});
afterAll(async () => {
  await gateway?.close();
  await service?.close();
});

describe('bodies over a limit', () => {
  it("passes a service's 413 on every time, declared or streamed, never a 502", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${gatewayUrl}/api/auth/register`, {
        method: 'POST',
        headers: HEADERS,
        body: Buffer.alloc(5 * MB, 0x61),
      });
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 413,
        body: { success: false, error: 'The request body is too large (at most 1 MB)' },
      });
    }
    for (let i = 0; i < 3; i++) {
      const res = await send({ method: 'POST', path: '/api/auth/register', headers: HEADERS, chunks: chunks(5 * MB) });
      expect(res).toMatchObject({
        status: 413,
        body: { success: false, error: 'The request body is too large (at most 1 MB)' },
      });
    }
  });

  it('refuses a declared length over its own limit before asking the service', async () => {
    const before = received.login ?? 0;
    const res = await send({
      method: 'POST',
      path: '/api/auth/login',
      headers: { ...HEADERS, 'content-length': String(61 * MB) },
      chunks: chunks(MB),
      stopOnAnswer: true,
    });
    expect(res).toMatchObject({
      status: 413,
      body: { success: false, error: 'The request body is too large (at most 60 MB)' },
    });
    expect(received.login ?? 0).toBe(before);
  });

  it('cuts off a streamed body that grows past its own limit', async () => {
    const small = await send({ method: 'POST', path: '/api/auth/login', headers: HEADERS, chunks: chunks(MB) });
    expect(small).toMatchObject({ status: 200, body: { data: { bytes: MB } } });
    const res = await send({ method: 'POST', path: '/api/auth/login', headers: HEADERS, chunks: chunks(61 * MB) });
    expect(res).toMatchObject({
      status: 413,
      body: { success: false, error: 'The request body is too large (at most 60 MB)' },
    });
  });
});

describe('URLs', () => {
  it.each([
    [`/api/auth/login?x=${'a'.repeat(9000)}`, 414, 'The URL is too long (at most 8192 characters)'],
    [`/api/auth/login?x=${'a'.repeat(20_000)}`, 414, 'The URL is too long (at most 8192 characters)'],
    ['/api/auth/login?x=%00', 400, 'The URL must not contain NUL characters'],
    ['/api/auth/login?x=%ED%A0%80', 400, 'The URL is not valid (its %-escapes are not UTF-8)'],
  ])('GET %s answers %i', async (path, status, error) => {
    const res = await send({ method: 'GET', path });
    expect(res).toMatchObject({ status, body: { success: false, error } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('headers', () => {
  it('sends the Permissions-Policy, and no-store on an authenticated JSON answer, its own refusals included', async () => {
    const res = await fetch(`${gatewayUrl}/api/projects`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toContain('microphone=(self)');
  });
});

describe('compression', () => {
  const get = (path: string, encoding?: string) =>
    new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      request(new URL(path, gatewayUrl), { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({
            encoding: res.headers['content-encoding'],
            vary: String(res.headers.vary ?? ''),
            body: Buffer.concat(parts),
          }),
        );
      })
        .on('error', reject)
        .end();
    });
  const whole = JSON.stringify({ success: true, data: BIG_JSON });

  it("compresses a service's JSON answer with brotli or gzip, as the client accepts, and not otherwise", async () => {
    const plain = await get('/api/auth/login');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(whole);

    const br = await get('/api/auth/login', 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(whole.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(whole);

    const gz = await get('/api/auth/login', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(whole);
  });

  it('leaves a small answer as it is', async () => {
    const small = await get('/api/auth/login?kind=small', 'gzip, br');
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ success: true, data: SMALL_JSON });
  });

  it('leaves audio as it is', async () => {
    const audio = await get('/api/auth/login?kind=audio', 'gzip, br');
    expect(audio.encoding).toBeUndefined();
    expect(audio.body.equals(BIG_AUDIO)).toBe(true);
  });
});

describe('afterwards', () => {
  it('has left no connection hanging: the gateway closes at once', async () => {
    const started = Date.now();
    await gateway.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
