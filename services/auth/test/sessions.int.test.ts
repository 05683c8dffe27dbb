// Sessions end when they should: logout and password change revoke them at every gateway within a
// second (session.revoked.v1), a gateway started later refuses them too, and the reset link works
// once and only for an hour.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  type AuthStack,
  GOOD_PASSWORD,
  type SessionData,
  signedUpClient,
  startAuthStack,
  waitFor,
} from '@castbook/test-kit';

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

/** A client on another gateway holding the same token. */
function sameTokenOn(url: string, token: string) {
  const c = new ApiClient(url);
  c.token = token;
  return c;
}

async function signIn(email: string, password: string): Promise<ApiClient> {
  const c = await new ApiClient(stack.gatewayUrl).start();
  const res = await c.post<SessionData>('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  c.token = res.body.data!.token;
  return c;
}

/** Polls until the call is refused; answers how long that took after `since`. */
async function refusedWithin(client: ApiClient, since: number, deadlineMs = 1000): Promise<number> {
  await waitFor(
    async () => (await client.get('/api/subscriptions')).status === 401,
    'the token to be refused',
    deadlineMs,
  );
  return Date.now() - since;
}

describe('revocation', () => {
  it('refuses a logged-out token at every gateway within a second, also at one started after the logout', async () => {
    const { client, email } = await signedUpClient(stack.gatewayUrl);
    const replica = sameTokenOn(await stack.startGateway(), client.token!);
    // Both gateways have accepted (and cached) the session.
    expect((await client.get('/api/subscriptions')).status).toBe(200);
    expect((await replica.get('/api/subscriptions')).status).toBe(200);
    expect((await replica.get('/api/auth/me')).status).toBe(200);

    const loggedOutAt = Date.now();
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    // The replica learns it only from session.revoked.v1 (billing itself checks signatures only).
    expect(await refusedWithin(replica, loggedOutAt)).toBeLessThan(1000);
    expect(await refusedWithin(client, loggedOutAt)).toBeLessThan(1000);
    expect(await replica.get('/api/subscriptions')).toMatchObject({
      status: 401,
      body: { error: 'Session has expired' },
    });

    const late = sameTokenOn(await stack.startGateway(), client.token!);
    expect((await late.get('/api/subscriptions')).status).toBe(401);
    expect((await late.get('/api/auth/me')).status).toBe(401);

    // Signing in again works.
    expect((await (await signIn(email, GOOD_PASSWORD)).get('/api/auth/me')).status).toBe(200);
  });
});

describe('password change', () => {
  it('revokes the other sessions, keeps this one, and swaps the passwords', async () => {
    const { client: here, email, user } = await signedUpClient(stack.gatewayUrl);
    const elsewhere = await signIn(email, GOOD_PASSWORD);
    expect((await elsewhere.get('/api/subscriptions')).status).toBe(200);

    const wrong = await here.post('/api/auth/update-password', {
      id: user.id,
      currentPassword: 'Not-my-pass1',
      newPassword: 'Brand-new-pass1',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Current password is incorrect' } });
    const weak = await here.post('/api/auth/update-password', {
      id: user.id,
      currentPassword: GOOD_PASSWORD,
      newPassword: 'weakpass',
    });
    expect(weak).toMatchObject({ status: 400, body: { error: 'Password must contain uppercase letter' } });
    expect((await elsewhere.get('/api/auth/me')).status).toBe(200); // nothing changed yet

    const changedAt = Date.now();
    const ok = await here.post('/api/auth/update-password', {
      id: user.id,
      currentPassword: GOOD_PASSWORD,
      newPassword: 'Brand-new-pass1',
    });
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    expect(await refusedWithin(elsewhere, changedAt)).toBeLessThan(1000);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await here.get('/api/subscriptions')).status).toBe(200);

    const fresh = await new ApiClient(stack.gatewayUrl).start();
    expect((await fresh.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await fresh.post('/api/auth/login', { email, password: 'Brand-new-pass1' })).status).toBe(200);
  });
});

describe('forgot password', () => {
  async function requestLink(client: ApiClient, email: string): Promise<string> {
    const before = resetLinks(email).length;
    expect((await client.post('/api/auth/reset-password', { email })).status).toBe(200);
    const links = await waitFor(() => resetLinks(email).length > before && resetLinks(email), 'the reset mail', 5000);
    return links.at(-1)!;
  }

  it('mails a link that sets a new password once, and signs out every session', async () => {
    const { client, email } = await signedUpClient(stack.gatewayUrl);
    const anon = await new ApiClient(stack.gatewayUrl).start();
    const link = await requestLink(anon, email);
    expect(link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link).searchParams.get('token')!;

    const weak = await anon.post('/api/auth/reset-password/confirm', { token, newPassword: 'short' });
    expect(weak).toMatchObject({ status: 400, body: { error: 'Password too short' } });

    const resetAt = Date.now();
    const done = await anon.post('/api/auth/reset-password/confirm', { token, newPassword: 'Reset-pass-42' });
    expect(done).toMatchObject({ status: 200, body: { success: true } });
    expect(await refusedWithin(client, resetAt)).toBeLessThan(1000);

    const reused = await anon.post('/api/auth/reset-password/confirm', { token, newPassword: 'Other-pass-43' });
    expect(reused).toMatchObject({
      status: 400,
      body: { success: false, error: 'This reset link is invalid or has expired' },
    });
    expect((await anon.post('/api/auth/login', { email, password: 'Other-pass-43' })).status).toBe(401);
    expect((await anon.post('/api/auth/login', { email, password: 'Reset-pass-42' })).status).toBe(200);
  });

  it('refuses a link older than an hour, changing nothing', async () => {
    const { email, user } = await signedUpClient(stack.gatewayUrl);
    const anon = await new ApiClient(stack.gatewayUrl).start();
    const token = new URL(await requestLink(anon, email)).searchParams.get('token')!;
    // An hour passes (the row's expiry is what the service checks).
    await authDb.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      user.id,
    ]);
    const res = await anon.post('/api/auth/reset-password/confirm', { token, newPassword: 'Too-late-pass1' });
    expect(res).toMatchObject({ status: 400, body: { error: 'This reset link is invalid or has expired' } });
    expect((await anon.post('/api/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const anon = await new ApiClient(stack.gatewayUrl).start();
    const res = await anon.post('/api/auth/reset-password/confirm', {
      token: 'made-up',
      newPassword: 'Whatever-pass1',
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'This reset link is invalid or has expired' } });
  });
});

function resetLinks(email: string): string[] {
  return stack
    .logs()
    .filter((l) => l.msg === 'mail')
    .map((l) => l.mail as { to: string; links: string[] })
    .filter((m) => m.to.toLowerCase() === email.toLowerCase())
    .flatMap((m) => m.links.filter((link) => link.includes('/reset-password?token=')));
}
