// Rate limits on the auth calls. Failed sign-ins are throttled per (account, client address) with
// growing delays, and capped per address over all accounts, in auth's database (every replica
// agrees); the gateway adds per-minute limits per address. All answer 429 with Retry-After and
// SPEC's message. Clients connect from different loopback addresses (127.0.0.x), which the gateway
// forwards as the client address, as it would different machines.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  ApiClient,
  type AuthStack,
  GOOD_PASSWORD,
  registration,
  type SessionData,
  signedUpClient,
  startAuthStack,
  uniqueEmail,
} from '@castbook/test-kit';
import { prune } from '../src/db/login-throttle.js';
import { THROTTLE_MEMORY_MS } from '../src/domain/policy.js';

let stack: AuthStack;
let authDb: pg.Pool;

beforeAll(async () => {
  stack = await startAuthStack();
  authDb = new pg.Pool({ connectionString: stack.databases.auth });
});
afterAll(async () => {
  await authDb?.end();
  await stack?.stop();
});

const TOO_MANY = { success: false, error: 'Too many attempts. Please try again later' };

let lastHost = 9;
/** A client address no other test uses. */
const newAddress = () => `127.0.0.${++lastHost}`;
/** A browser at that address, through the given gateway. */
const browserAt = (address: string, gatewayUrl = stack.gatewayUrl) => new ApiClient(gatewayUrl, address).start();
const retryAfter = (res: Answer) => Number(res.headers.get('retry-after'));
const signIn = (client: ApiClient, email: string, password: string) =>
  client.post<SessionData>('/api/auth/login', { email, password });

/** The delays of the email's pairs end (the service reads locked_until, so this stands in for the clock). */
async function delaysEnd(db: pg.Pool, email: string): Promise<void> {
  await db.query("UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE account_key = lower($1)", [
    email,
  ]);
}

describe('per account and client address', () => {
  it("does not let a stranger's failures lock the owner out: only the stranger's address waits", async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const stranger = await browserAt(newAddress());
    for (let i = 0; i < 5; i++) {
      const res = await signIn(stranger, i % 2 ? email.toUpperCase() : email, `Wrong-${i}a!`);
      expect(res.status).toBe(401);
    }
    const held = await signIn(stranger, email, 'Wrong-6a!');
    expect(held.status).toBe(429);
    expect(held.body).toEqual(TOO_MANY);
    expect(retryAfter(held)).toBeGreaterThan(50);
    expect(retryAfter(held)).toBeLessThanOrEqual(60);
    // The pair waits even with the right password, so the wait tells a guesser nothing.
    expect(await signIn(stranger, email, GOOD_PASSWORD)).toMatchObject({ status: 429, body: TOO_MANY });
    for (let i = 0; i < 10; i++) expect((await signIn(stranger, email, `Wrong-${i}b!`)).status).toBe(429);

    // The owner, from home: a typo is a typo (401, not 429), and the right password gets in.
    const owner = await browserAt(newAddress());
    expect((await signIn(owner, email, 'Wrong-typo1!')).status).toBe(401);
    const ownerIn = await signIn(owner, email, GOOD_PASSWORD);
    expect(ownerIn.status).toBe(200);
    expect(ownerIn.body.data?.token).toEqual(expect.any(String));

    // Every replica agrees: the stranger still waits at another gateway, the owner still gets in.
    const replica = await stack.startGateway();
    const strangerThere = await new ApiClient(replica, stranger.from).start();
    expect(await signIn(strangerThere, email, GOOD_PASSWORD)).toMatchObject({ status: 429, body: TOO_MANY });
    const ownerThere = await browserAt(newAddress(), replica);
    expect((await signIn(ownerThere, email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('makes the delays grow: 1, 2, 4, 8 minutes, then 15 at most', async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const stranger = await browserAt(newAddress());
    for (let i = 0; i < 5; i++) expect((await signIn(stranger, email, `Wrong-${i}a!`)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const held = await signIn(stranger, email, 'Wrong-held1!');
      expect(held).toMatchObject({ status: 429, body: TOO_MANY });
      waits.push(retryAfter(held));
      await delaysEnd(authDb, email);
      // The delay is over: one more guess is looked at (and fails), and the next delay is longer.
      expect((await signIn(stranger, email, `Wrong-${round}c!`)).status).toBe(401);
    }
    expect(waits.map((s) => Math.ceil(s / 60))).toEqual([1, 2, 4, 8, 15, 15]);
    waits.forEach((s, i) => expect(s).toBeGreaterThan([60, 120, 240, 480, 900, 900][i]! - 10));
    expect((await signIn(await browserAt(newAddress()), email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('lets no parallel guesses slip past: each is counted before its password is checked', async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const stranger = await browserAt(newAddress());
    for (let i = 0; i < 4; i++) expect((await signIn(stranger, email, `Wrong-${i}a!`)).status).toBe(401);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(stranger, email, `Wrong-${i}p!`)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([401, ...new Array<number>(9).fill(429)]);
  });

  it('starts a pair again from zero after the right password', async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const owner = await browserAt(newAddress());
    for (let i = 0; i < 4; i++) expect((await signIn(owner, email, `Wrong-${i}a!`)).status).toBe(401);
    expect((await signIn(owner, email, GOOD_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(owner, email, `Wrong-${i}b!`)).status).toBe(401);
    expect((await signIn(owner, email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('counts unknown emails the same way (no enumeration through the delays)', async () => {
    const client = await browserAt(newAddress());
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await signIn(client, email, 'Wrong-1!')).status).toBe(401);
    const res = await signIn(client, email, 'Wrong-1!');
    expect(res).toMatchObject({ status: 429, body: TOO_MANY });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('holds back a stolen token guessing the current password the same way, not the owner elsewhere', async () => {
    const { client: owner, email, user } = await signedUpClient(stack.gatewayUrl);
    const thief = new ApiClient(stack.gatewayUrl, newAddress());
    thief.token = owner.token;
    await thief.start();
    const guess = (password: string) =>
      thief.post('/api/auth/update-password', { id: user.id, currentPassword: password, newPassword: 'New-pass-42!' });
    for (let i = 0; i < 5; i++) expect((await guess(`Wrong-${i}a!`)).status).toBe(400);
    const held = await guess(GOOD_PASSWORD);
    expect(held).toMatchObject({ status: 429, body: TOO_MANY });
    expect(retryAfter(held)).toBeLessThanOrEqual(60);
    expect((await signIn(await browserAt(newAddress()), email, GOOD_PASSWORD)).status).toBe(200);
  });
});

describe('pruning', () => {
  it('deletes pairs quiet for a day and ended address windows, keeping anything still in force', async () => {
    const key = uniqueEmail('prune');
    await authDb.query(
      `INSERT INTO login_throttle (account_key, address, failures, last_attempt_at, locked_until) VALUES
         ($1, 'quiet', 3, now() - interval '25 hours', NULL),
         ($1, 'recent', 3, now() - interval '23 hours', NULL),
         ($1, 'held', 9, now() - interval '25 hours', now() + interval '5 minutes')`,
      [key],
    );
    await authDb.query(
      `INSERT INTO login_address_failures (address, failures, window_started_at) VALUES
         ($1 || '-ended', 4, now() - interval '16 minutes'), ($1 || '-open', 4, now() - interval '14 minutes')`,
      [key],
    );
    expect(await prune(authDb, new Date(), THROTTLE_MEMORY_MS, 15 * 60_000)).toBeGreaterThanOrEqual(2);
    const pairs = await authDb.query('SELECT address FROM login_throttle WHERE account_key = $1 ORDER BY address', [
      key,
    ]);
    expect(pairs.rows.map((r) => r.address)).toEqual(['held', 'recent']);
    const windows = await authDb.query(
      "SELECT address FROM login_address_failures WHERE address LIKE $1 || '-%' ORDER BY address",
      [key],
    );
    expect(windows.rows.map((r) => r.address)).toEqual([`${key}-open`]);
  });
});

describe('per client address over all accounts, and who may name the client address', () => {
  // Auth trusts X-Forwarded-For only from 127.0.0.1, where the gateway connects from.
  let capped: AuthStack;
  let cappedDb: pg.Pool;

  beforeAll(async () => {
    capped = await startAuthStack({ LOGIN_ADDRESS_MAX_FAILURES: '6', TRUSTED_PROXIES: '127.0.0.1' });
    cappedDb = new pg.Pool({ connectionString: capped.databases.auth });
  });
  afterAll(async () => {
    await cappedDb?.end();
    await capped?.stop();
  });

  it('answers 429 to an address that fails on many accounts, for every account, and to no other address', async () => {
    const victim = await signedUpClient(capped.gatewayUrl);
    const sprayer = await browserAt(newAddress(), capped.gatewayUrl);
    for (let i = 0; i < 6; i++) {
      const email = i % 2 ? uniqueEmail('spray') : (await signedUpClient(capped.gatewayUrl)).email;
      expect((await signIn(sprayer, email, 'Spring-2025!')).status).toBe(401);
    }
    const held = await signIn(sprayer, victim.email, GOOD_PASSWORD);
    expect(held).toMatchObject({ status: 429, body: TOO_MANY });
    expect(retryAfter(held)).toBeGreaterThan(840);
    expect(retryAfter(held)).toBeLessThanOrEqual(900);
    expect((await signIn(sprayer, uniqueEmail('spray'), 'Spring-2025!')).status).toBe(429);

    expect((await signIn(await browserAt(newAddress(), capped.gatewayUrl), victim.email, GOOD_PASSWORD)).status).toBe(
      200,
    );
  });

  it('does not count successful sign-ins against the address (an office behind one NAT)', async () => {
    const { email } = await signedUpClient(capped.gatewayUrl);
    const office = await browserAt(newAddress(), capped.gatewayUrl);
    for (let i = 0; i < 10; i++) expect((await signIn(office, email, GOOD_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await signIn(office, uniqueEmail(), 'Wrong-1!')).status).toBe(401);
    expect((await signIn(office, email, GOOD_PASSWORD)).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a caller that is not a trusted proxy', async () => {
    const { email, user } = await signedUpClient(capped.gatewayUrl);
    const ownerAddress = newAddress();
    // Straight to auth's port, claiming to be the owner's address (a new one each time).
    // Auth checks the CSRF pair itself too: the first GET gives this client its cookie.
    const direct = await new ApiClient(capped.authUrl, newAddress()).start();
    const spoofed = (password: string, claimed: string) =>
      direct.call('POST', '/api/auth/login', { email, password }, { 'x-forwarded-for': claimed });
    for (let i = 0; i < 5; i++) {
      expect((await spoofed(`Wrong-${i}a!`, i === 0 ? ownerAddress : `203.0.113.${i}`)).status).toBe(401);
    }
    // Counted under its own address all along.
    expect(await spoofed('Wrong-5a!', '198.51.100.1')).toMatchObject({ status: 429, body: TOO_MANY });

    // The owner at the address the caller claimed is not held back, and is recorded as that address.
    const owner = await browserAt(ownerAddress, capped.gatewayUrl);
    const res = await signIn(owner, email, GOOD_PASSWORD);
    expect(res.status).toBe(200);
    const { rows } = await cappedDb.query<{ ip: string }>(
      'SELECT ip FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [user.id],
    );
    expect(rows[0]?.ip).toBe(ownerAddress);
  });
});

describe('per client address (gateway)', () => {
  it('answers 429 with Retry-After past the per-minute limit of each auth call', async () => {
    const url = await stack.startGateway({
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      RATE_LIMIT_REGISTER_PER_MINUTE: '2',
      RATE_LIMIT_RESET_PER_MINUTE: '2',
    });
    const client = await new ApiClient(url).start();
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/auth/login', { email: uniqueEmail(), password: 'Wrong-1!' })).status).toBe(401);
    }
    const login = await client.post('/api/auth/login', { email: uniqueEmail(), password: 'Wrong-1!' });
    expect(login.status).toBe(429);
    expect(login.body).toEqual(TOO_MANY);
    const retryAfter = Number(login.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/auth/register', registration(uniqueEmail()))).status).toBe(201);
    const email = uniqueEmail();
    const register = await client.post('/api/auth/register', registration(email));
    expect(register).toMatchObject({ status: 429, body: TOO_MANY });
    expect(register.headers.get('retry-after')).toMatch(/^\d+$/);

    for (let i = 0; i < 2; i++) expect((await client.post('/api/auth/reset-password', { email })).status).toBe(200);
    const reset = await client.post('/api/auth/reset-password', { email });
    expect(reset).toMatchObject({ status: 429, body: TOO_MANY });

    // Signed-in calls are not limited by these counters.
    const { client: member } = await signedUpClient(stack.gatewayUrl);
    const sameIp = new ApiClient(url);
    sameIp.token = member.token;
    expect((await sameIp.get('/api/auth/me')).status).toBe(200);
  });
});
