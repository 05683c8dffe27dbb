// Zero trust between services (the Hardening issue): every service, called on its own port without
// the gateway, refuses a revoked token (within a second of the logout), a state-changing request
// whose CSRF header does not match its cookie, and every internal route without a valid service
// credential from a caller INTERNAL_CALLERS lists, while the same calls done right still work.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@castbook/contracts';
import {
  createBlobStore,
  createLogger,
  MemoryEventBus,
  mintServiceCredential,
  SERVICE_CREDENTIAL_HEADER,
  type BlobStore,
  type RunningTarget,
} from '@castbook/platform';
import { analysisTarget } from '@castbook/analysis-service';
import { authTarget } from '@castbook/auth-service';
import { authorsTarget } from '@castbook/authors-service';
import { billingTarget } from '@castbook/billing-service';
import { gatewayTarget } from '@castbook/gateway';
import { projectsTarget } from '@castbook/projects-service';
import { createTestDatabase, GOOD_PASSWORD, signedUpClient } from '@castbook/test-kit';
import { startTargets } from '../src/start-targets.js';

const SECRET = randomBytes(32).toString('base64url');
const CSRF = randomBytes(32).toString('base64url');
const SERVICES = ['auth', 'projects', 'authors', 'analysis', 'billing'] as const;
type Service = (typeof SERVICES)[number];
const UNKNOWN_PROJECT = '00000000-0000-4000-8000-000000000000';

/** A read each service answers for a signed-in caller (200, or 404 for analysis' unknown project). */
const READS: Record<Service, string> = {
  auth: '/api/auth/me',
  projects: '/api/projects',
  authors: '/api/authors',
  analysis: `/api/projects/${UNKNOWN_PROJECT}/analysis-progress`,
  billing: '/api/subscriptions',
};
/** A state-changing request on each service (analysis and billing have none yet: any POST to /api). */
const WRITES: Record<Service, { method: string; path: string; body: unknown }> = {
  auth: { method: 'POST', path: '/api/users/update-profile', body: { name: 'Mallory' } },
  projects: { method: 'DELETE', path: `/api/projects/${UNKNOWN_PROJECT}`, body: undefined },
  authors: { method: 'POST', path: '/api/authors', body: authorForm() },
  analysis: { method: 'POST', path: `/api/projects/${UNKNOWN_PROJECT}/analysis-progress`, body: {} },
  billing: { method: 'POST', path: '/api/subscriptions', body: {} },
};
function authorForm(): FormData {
  const form = new FormData();
  form.set('firstName', 'Eve');
  form.set('lastName', 'Forged');
  return form;
}

/** Every internal route of every service, with a path to call it on. */
const INTERNAL: Array<{ service: Service; path: string }> = [
  { service: 'auth', path: `/internal/sessions/${UNKNOWN_PROJECT}` },
];

let bus: MemoryEventBus;
let blobs: BlobStore;
let blobDir: string;
const running: RunningTarget[] = [];
let urls: Record<Service | 'gateway', string>;

type Csrf = 'pair' | 'none' | 'cookie only' | 'mismatch';

async function direct(
  service: Service,
  method: string,
  path: string,
  options: { token?: string; csrf?: Csrf; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const csrf = options.csrf ?? 'pair';
  if (csrf !== 'none') headers.cookie = `csrf=${CSRF}`;
  if (csrf === 'pair') headers['x-csrf-token'] = CSRF;
  if (csrf === 'mismatch') headers['x-csrf-token'] = randomBytes(32).toString('base64url');
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  const res = await fetch(`${urls[service]}${path}`, {
    method,
    headers,
    body: form ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as { success?: boolean; error?: string } };
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${urls.auth}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrf=${CSRF}`, 'x-csrf-token': CSRF },
    body: JSON.stringify({ email, password: GOOD_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`sign-in failed: ${res.status}`);
  return body.data.token;
}

beforeAll(async () => {
  const logger = createLogger('test', 'warn');
  const databases: Record<string, string> = {};
  for (const name of SERVICES) databases[name] = await createTestDatabase(name);
  blobDir = await mkdtemp(join(tmpdir(), 'castbook-zero-trust-'));
  bus = new MemoryEventBus({ logger });
  await bus.start(Object.values(TOPICS));
  blobs = createBlobStore({ BLOB_DIR: blobDir }, logger);
  await blobs.start();
  const started = await startTargets({
    targets: [authTarget, billingTarget, authorsTarget, analysisTarget, projectsTarget, gatewayTarget],
    env: {
      PORT: '0',
      SERVICE_SECRET: SECRET,
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      RATE_LIMIT_REGISTER_PER_MINUTE: '10000',
    },
    logger,
    bus,
    blobs,
    databaseUrlFor: (name) => databases[name],
    onStarted: (r) => running.push(r),
  });
  urls = Object.fromEntries([...started].map(([name, r]) => [name, r.url])) as typeof urls;
});

afterAll(async () => {
  for (const r of running.reverse()) await r.stop();
  await bus?.stop();
  await blobs?.stop();
  if (blobDir) await rm(blobDir, { recursive: true, force: true });
});

describe('a revoked token, on each service’s own port', () => {
  it('is refused by every service within a second of the logout (the revocation event)', async () => {
    const { client, email } = await signedUpClient(urls.gateway);
    const token = await signIn(email);
    // Every service has seen the session live (and remembers it so).
    for (const service of SERVICES) {
      const res = await direct(service, 'GET', READS[service], { token });
      expect(res.status, `${service} before logout`).toBe(service === 'analysis' ? 404 : 200);
    }
    client.token = token;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const loggedOut = Date.now();
    const refusedAfter: Partial<Record<Service, number>> = {};
    while (Object.keys(refusedAfter).length < SERVICES.length && Date.now() - loggedOut < 1000) {
      for (const service of SERVICES) {
        if (refusedAfter[service] !== undefined) continue;
        const res = await direct(service, 'GET', READS[service], { token });
        if (res.status === 401) {
          expect(res.body).toMatchObject({ success: false, error: 'Session has expired' });
          refusedAfter[service] = Date.now() - loggedOut;
        }
      }
    }
    expect(Object.keys(refusedAfter).sort()).toEqual([...SERVICES].sort());
  });

  it('is refused by every service that never saw the session live (asked of auth)', async () => {
    const { email } = await signedUpClient(urls.gateway);
    const token = await signIn(email);
    expect((await direct('auth', 'POST', '/api/auth/logout', { token })).status).toBe(200);
    for (const service of SERVICES) {
      const read = await direct(service, 'GET', READS[service], { token });
      expect(read, `${service} read`).toMatchObject({ status: 401, body: { error: 'Session has expired' } });
      if (service === 'analysis' || service === 'billing') continue; // no write route of their own
      const { method, path, body } = WRITES[service];
      const write = await direct(service, method, path, { token, body });
      expect(write.status, `${service} ${method} ${path}`).toBe(401);
    }
  });

  it('is refused through the gateway too, while a live session of the same user still works', async () => {
    const { client, email } = await signedUpClient(urls.gateway);
    const other = await signIn(email);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/authors')).status).toBe(401);
    for (const service of SERVICES) {
      expect((await direct(service, 'GET', READS[service], { token: other })).status, service).not.toBe(401);
    }
  });
});

describe('CSRF, on each service’s own port', () => {
  it('refuses a state-changing request whose header does not match its cookie, with 403', async () => {
    const { client } = await signedUpClient(urls.gateway);
    const token = client.token!;
    for (const service of SERVICES) {
      const { method, path, body } = WRITES[service];
      for (const csrf of ['none', 'cookie only', 'mismatch'] as const) {
        const res = await direct(service, method, path, { token, body, csrf });
        expect(res, `${service} ${method} ${path}, csrf ${csrf}`).toMatchObject({
          status: 403,
          body: { success: false, error: 'Invalid CSRF token' },
        });
      }
    }
    // Nothing was written: the profile name and the author list are as they were.
    expect((await direct('auth', 'GET', '/api/users/profile', { token })).body).not.toMatchObject({
      data: { name: 'Mallory' },
    });
    expect((await direct('authors', 'GET', '/api/authors', { token })).body).toMatchObject({ data: [] });
  });

  it('accepts the same writes with the matching pair', async () => {
    const { client, user } = await signedUpClient(urls.gateway);
    const token = client.token!;
    const created = await direct('authors', 'POST', '/api/authors', { token, body: authorForm() });
    expect(created.status).toBe(201);
    const renamed = await direct('auth', 'POST', '/api/users/update-profile', {
      token,
      body: { id: user.id, name: 'Ann Other' },
    });
    expect(renamed.status).toBe(200);
    expect((await direct('projects', 'DELETE', `/api/projects/${UNKNOWN_PROJECT}`, { token })).status).toBe(404);
    // The browser's way: through the gateway, which checks the pair as well.
    expect((await client.get('/api/authors')).body).toMatchObject({ data: [{ firstName: 'Eve' }] });
  });
});

describe('internal routes, on each service’s own port', () => {
  const credential = (caller: string, audience: string, secret = SECRET, now = Date.now()) => ({
    [SERVICE_CREDENTIAL_HEADER]: mintServiceCredential(secret, caller, audience, now),
  });

  it('refuses a call without a credential or with a bad one, with 401', async () => {
    for (const { service, path } of INTERNAL) {
      const cases: Array<[string, Record<string, string>]> = [
        ['none', {}],
        ['garbage', { [SERVICE_CREDENTIAL_HEADER]: 'not-a-credential' }],
        ['wrong secret', credential('gateway', service, randomBytes(32).toString('base64url'))],
        ['another service as audience', credential('gateway', 'billing')],
        ['expired', credential('gateway', service, SECRET, Date.now() - 5 * 60_000)],
        ['a user token instead', { authorization: `Bearer ${(await signedUpClient(urls.gateway)).client.token}` }],
      ];
      for (const [name, headers] of cases) {
        const res = await direct(service, 'GET', path, { headers, csrf: 'none' });
        expect(res.status, `${service} ${path}: ${name}`).toBe(401);
      }
    }
  });

  it('refuses a caller INTERNAL_CALLERS does not list for the route, with 403', async () => {
    for (const { service, path } of INTERNAL) {
      const res = await direct(service, 'GET', path, { headers: credential('auth', service), csrf: 'none' });
      expect(res).toMatchObject({ status: 403, body: { error: 'This service may not call this route' } });
    }
  });

  it('answers a listed caller with a valid credential', async () => {
    const res = await direct('auth', 'GET', `/internal/sessions/${UNKNOWN_PROJECT}`, {
      headers: credential('projects', 'auth'),
      csrf: 'none',
    });
    expect(res).toMatchObject({ status: 200, body: { data: { active: false } } });
  });
});
