// Accounts through the gateway, as the browser app uses them: register, sign in, me, profile,
// validation (SPEC §5's exact messages), CSRF, and no account enumeration through register.
import pg from 'pg';
import { SignJWT, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  type AuthStack,
  GOOD_PASSWORD,
  registration,
  type SessionData,
  signedUpClient,
  startAuthStack,
  uniqueEmail,
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

const userCount = async (email: string) =>
  (await authDb.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [email])).rows[0]
    .n as number;

describe('register, sign in, me', () => {
  it('gives the CSRF token in the header, the body and the cookie (GET /api/auth/login)', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const res = await client.get<{ csrfToken: string }>('/api/auth/login');
    expect(res.status).toBe(200);
    expect(client.csrf).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.headers.get('x-csrf-token')).toBe(client.csrf);
    expect(res.body.csrfToken).toBe(client.csrf);
    expect(res.body.data?.csrfToken).toBe(client.csrf);
    // A browser that already has the cookie keeps it.
    const again = await client.get<{ csrfToken: string }>('/api/auth/login');
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(again.body.data?.csrfToken).toBe(client.csrf);
  });

  it('registers, signs in with any letter case of the email, and answers me', async () => {
    const client = await new ApiClient(stack.gatewayUrl).start();
    const email = uniqueEmail('Mixed.Case');
    const reg = await client.post<SessionData>('/api/auth/register', registration(email));
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ success: true, data: { user: { name: 'Ada Lovelace', email } } });
    expect(reg.body.data?.token).toEqual(expect.any(String));

    // Registered users are signed in at once (SPEC §2): the token works.
    client.token = reg.body.data!.token;
    expect((await client.get('/api/auth/me')).body).toEqual({
      success: true,
      data: { id: reg.body.data!.user.id, name: 'Ada Lovelace', email, avatar: null },
    });

    const other = await new ApiClient(stack.gatewayUrl).start();
    const login = await other.post<SessionData>('/api/auth/login', {
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      deviceInfo: deviceInfo(),
    });
    expect(login.status).toBe(200);
    expect(login.body.data?.user.id).toBe(reg.body.data!.user.id);
    other.token = login.body.data!.token;
    const me = await other.get<{ email: string }>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.data?.email).toBe(email);

    // The session row keeps the device the user signed in from.
    const { rows } = await authDb.query(
      'SELECT device_info FROM sessions WHERE user_id = $1 AND device_info IS NOT NULL',
      [reg.body.data!.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].device_info).toMatchObject({ name: 'Chrome on Linux', type: 'desktop' });
  });

  it('answers the same message for an unknown email and a wrong password', async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const client = await new ApiClient(stack.gatewayUrl).start();
    const wrong = await client.post('/api/auth/login', { email, password: 'Wrong-pass1' });
    const unknown = await client.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong-pass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('makes remember-me sessions last 30 days and others 24 hours', async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const client = await new ApiClient(stack.gatewayUrl).start();
    const hours = async (rememberMe?: boolean) => {
      const res = await client.post<SessionData>('/api/auth/login', { email, password: GOOD_PASSWORD, rememberMe });
      const expiresAt = Date.parse(res.body.data!.expiresAt);
      const exp = JSON.parse(Buffer.from(res.body.data!.token.split('.')[1]!, 'base64url').toString()).exp as number;
      expect(Math.abs(exp * 1000 - expiresAt)).toBeLessThan(1000); // the token expires with the session
      return (expiresAt - Date.now()) / 3_600_000;
    };
    expect(await hours(true)).toBeCloseTo(30 * 24, 0);
    expect(await hours(false)).toBeCloseTo(24, 0);
    expect(await hours(undefined)).toBeCloseTo(24, 0);
  });

  it("answers 'Session has expired' for an expired token and 'Unauthorized' without a good one", async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl);
    const { rows } = await authDb.query<{ private_jwk: JWK; kid: string }>('SELECT kid, private_jwk FROM signing_keys');
    const key = await importJWK(rows[0]!.private_jwk, 'EdDSA');
    const sid = (await authDb.query('SELECT id FROM sessions WHERE user_id = $1', [user.id])).rows[0].id as string;
    const past = Math.floor(Date.now() / 1000) - 3600;
    client.token = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'EdDSA', kid: rows[0]!.kid })
      .setSubject(user.id)
      .setIssuer('castbook-auth')
      .setAudience('castbook')
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(key);
    expect(await client.get('/api/auth/me')).toMatchObject({
      status: 401,
      body: { success: false, error: 'Session has expired' },
    });
    client.token = 'not-a-token';
    expect(await client.get('/api/auth/me')).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    client.token = undefined;
    expect(await client.get('/api/users/profile')).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    expect(await client.get('/api/subscriptions')).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
  });
});

describe('validation (SPEC §5, PRODUCT.md)', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['short name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['bad email', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['short password', { password: 'Ab1!', confirmPassword: 'Ab1!' }, 'Password too short'],
    [
      'no uppercase',
      { password: 'lower-case1', confirmPassword: 'lower-case1' },
      'Password must contain uppercase letter',
    ],
    [
      'no lowercase',
      { password: 'UPPER-CASE1', confirmPassword: 'UPPER-CASE1' },
      'Password must contain lowercase letter',
    ],
    ['no digit', { password: 'No-digits-here', confirmPassword: 'No-digits-here' }, 'Password must contain number'],
    [
      'no special',
      { password: 'NoSpecial123', confirmPassword: 'NoSpecial123' },
      'Password must contain special character',
    ],
    ['mismatch', { confirmPassword: 'Other-pass1' }, "Passwords don't match"],
    ['bad tier', { subscriptionTier: 'gold' }, 'Please select a subscription plan'],
    ['terms unchecked', { acceptTerms: false }, 'You must accept the terms to continue'],
    ['terms missing', { acceptTerms: undefined }, 'You must accept the terms to continue'],
  ];
  it.each(cases)('refuses registration with %s, creating nothing', async (_what, overrides, message) => {
    const client = await new ApiClient(stack.gatewayUrl).start();
    const email = uniqueEmail('invalid');
    const res = await client.post('/api/auth/register', registration(email, overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: message });
    expect(await userCount(email)).toBe(0);
  });

  it('defaults the plan to free', async () => {
    const client = await new ApiClient(stack.gatewayUrl).start();
    const res = await client.post('/api/auth/register', registration(uniqueEmail(), { subscriptionTier: undefined }));
    expect(res.status).toBe(201);
  });

  it.each([
    [{ email: '', password: 'x' }, 'Email is required'],
    [{ password: 'x' }, 'Email is required'],
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [
      { email: 'a@example.com', password: 'x', deviceInfo: { type: 'toaster' } },
      'Invalid deviceInfo.name: Invalid input: expected string, received undefined',
    ],
  ])('refuses sign-in with %j', async (body, message) => {
    const client = await new ApiClient(stack.gatewayUrl).start();
    expect(await client.post('/api/auth/login', body)).toMatchObject({
      status: 400,
      body: { success: false, error: message },
    });
  });

  it('refuses a body that is not a JSON object', async () => {
    const client = await new ApiClient(stack.gatewayUrl).start();
    const res = await client.call('POST', '/api/auth/login', undefined, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('checks the profile name', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl);
    const res = await client.post('/api/users/update-profile', { id: user.id, name: ' B ' });
    expect(res).toMatchObject({ status: 400, body: { error: 'Name must be at least 2 characters' } });
    expect((await client.get<{ name: string }>('/api/users/profile')).body.data?.name).toBe('Ada Lovelace');
  });
});

describe('CSRF double submit', () => {
  it("refuses state-changing calls whose X-CSRF-Token does not match the cookie, with 'Invalid CSRF token'", async () => {
    const email = uniqueEmail('csrf');
    const noCookie = new ApiClient(stack.gatewayUrl);
    const first = await noCookie.post('/api/auth/register', registration(email));
    expect(first).toMatchObject({ status: 403, body: { success: false, error: 'Invalid CSRF token' } });
    // That answer also handed out a cookie; a wrong header is still refused.
    expect(noCookie.csrf).toBeDefined();
    const wrong = await noCookie.call('POST', '/api/auth/register', registration(email), {
      'x-csrf-token': 'x'.repeat(43),
    });
    expect(wrong.status).toBe(403);
    expect(await userCount(email)).toBe(0);
    expect((await noCookie.post('/api/auth/register', registration(email))).status).toBe(201);
  });
});

describe('profiles are private', () => {
  it("cannot read or change another user's profile or password", async () => {
    const alice = await signedUpClient(stack.gatewayUrl, { name: 'Alice' });
    const bob = await signedUpClient(stack.gatewayUrl, { name: 'Bob' });

    expect(await bob.client.get(`/api/users/profile?id=${alice.user.id}`)).toMatchObject({
      status: 403,
      body: { success: false, error: 'You can only access your own account' },
    });
    const rename = await bob.client.post('/api/users/update-profile', { id: alice.user.id, name: 'Mallory' });
    expect(rename.status).toBe(403);
    const pw = await bob.client.post('/api/auth/update-password', {
      id: alice.user.id,
      currentPassword: GOOD_PASSWORD,
      newPassword: 'Taken-over1!',
    });
    expect(pw.status).toBe(403);

    // Alice is untouched: same name, same password.
    expect((await alice.client.get<{ name: string }>('/api/users/profile')).body.data?.name).toBe('Alice');
    const again = await new ApiClient(stack.gatewayUrl).start();
    expect((await again.post('/api/auth/login', { email: alice.email, password: GOOD_PASSWORD })).status).toBe(200);

    // Their own profile they can read and change; the change is announced as user.updated.v1.
    const seen: string[] = [];
    const sub = await stack.bus.subscribe({
      groupId: `test-${Date.now()}`,
      topics: ['auth.events'],
      handler: async (e) => {
        if (e.type === 'user.updated.v1') seen.push((e.payload as { name: string }).name);
      },
    });
    const mine = await bob.client.post('/api/users/update-profile', { id: bob.user.id, name: 'Robert' });
    expect(mine).toMatchObject({ status: 200, body: { success: true, data: { id: bob.user.id, name: 'Robert' } } });
    expect((await bob.client.get<{ name: string }>('/api/users/profile')).body.data?.name).toBe('Robert');
    await waitFor(() => seen.includes('Robert'), 'user.updated.v1', 5000);
    await sub.stop();
  });
});

describe('no account enumeration', () => {
  it('answers a registration with a taken email like a new one, creates nothing and mails the owner', async () => {
    const owner = await signedUpClient(stack.gatewayUrl, { name: 'Owner' });
    const client = await new ApiClient(stack.gatewayUrl).start();
    const fresh = await client.post<SessionData>('/api/auth/register', registration(uniqueEmail()));
    const taken = await client.post<SessionData>(
      '/api/auth/register',
      registration(owner.email.toUpperCase(), { password: 'Another-pass1', confirmPassword: 'Another-pass1' }),
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.success).toBe(true);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(taken.body.data!).sort()).toEqual(Object.keys(fresh.body.data!).sort());
    expect(JSON.stringify(taken.body)).not.toMatch(/already|exists|registered/i);
    // Nothing changed for the owner: one account, old password still works.
    expect(await userCount(owner.email)).toBe(1);
    expect((await client.post('/api/auth/login', { email: owner.email, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await client.post('/api/auth/login', { email: owner.email, password: 'Another-pass1' })).status).toBe(401);
    await waitFor(
      () => mailsTo(owner.email).some((m) => /already has an account/.test(m.text)),
      'the owner to be told about the attempt',
      5000,
    );
  });

  it('answers a reset request for an unknown email exactly like one for a known email', async () => {
    const { email } = await signedUpClient(stack.gatewayUrl);
    const client = await new ApiClient(stack.gatewayUrl).start();
    const known = await client.post('/api/auth/reset-password', { email });
    const unknown = await client.post('/api/auth/reset-password', { email: uniqueEmail('ghost') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await waitFor(() => mailsTo(email).length > 0, 'the reset mail', 5000);
  });
});

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}
function mailsTo(email: string): Mail[] {
  return stack
    .logs()
    .filter((l) => l.msg === 'mail')
    .map((l) => l.mail as Mail)
    .filter((m) => m.to.toLowerCase() === email.toLowerCase());
}

function deviceInfo() {
  return {
    name: 'Chrome on Linux',
    type: 'desktop',
    os: 'Linux',
    client: 'Chrome 131',
    ip: '',
    metadata: {
      userAgent: 'Mozilla/5.0',
      screenResolution: '1280x800',
      timezone: 'Europe/Paris',
      language: 'en-GB',
      platform: 'Linux x86_64',
      colorDepth: 24,
    },
  };
}
