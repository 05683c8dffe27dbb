// Rate limits on the auth calls: failed sign-ins per email (auth's database, every replica agrees)
// and requests per client address at the gateway; both answer 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD, registration, signedUpClient, uniqueEmail } from './support/client.js';
import { startStack, type Stack } from './support/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const TOO_MANY = { success: false, error: 'Too many attempts. Please try again later' };

describe('per email', () => {
  it('locks an email after 5 failed sign-ins for 15 minutes, even with the right password, at every gateway', async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const client = await new ApiClient(stack.gatewayUrl).start();
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/login', {
        email: i % 2 ? email.toUpperCase() : email,
        password: `Wrong-${i}a!`,
      });
      expect(res.status).toBe(401);
    }
    const locked = await client.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    const replica = await new ApiClient(await stack.startGateway()).start();
    expect((await replica.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(429);

    // Another email is not affected.
    const other = await signedUpClient(stack.gatewayUrl);
    expect((await client.post('/api/auth/login', { email: other.email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('counts unknown emails the same way (no enumeration through the lock)', async () => {
    const client = await new ApiClient(stack.gatewayUrl).start();
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++)
      expect((await client.post('/api/auth/login', { email, password: 'Wrong-1!' })).status).toBe(401);
    const res = await client.post('/api/auth/login', { email, password: 'Wrong-1!' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
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
