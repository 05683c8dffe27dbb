// Issue 16 through the gateway of a real stack (auth, billing, gateway; PostgreSQL; memory bus), with
// the local payment provider: every subscription route and its refusals, PUT never self-upgrading,
// checkout on the local pages (4242 subscribes, 4000…0002 is declined and nothing changes), the
// portal's cancel at period end and the test clock moving past it, signed webhooks (forged and
// replayed ones change nothing), usage from the storage events, and Enterprise contact.
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DENIED_MESSAGE, PLANS, TOPICS, type EventEnvelope } from '@castbook/contracts';
import { newEvent } from '@castbook/platform';
import { ApiClient, type AuthStack, signedUpClient, startAuthStack, waitFor } from '@castbook/test-kit';

const SECRET = 'whsec_test_local_payments_secret_0123456789';
const DAY = 24 * 60 * 60 * 1000;

interface Sub {
  tier: string;
  status: string;
  isTrial: boolean;
  cancelAtPeriodEnd: boolean;
  paymentReferenceId: string | null;
  endDate: string | null;
}
interface SubAnswer {
  subscription: Sub;
  limits: typeof PLANS.free.limits;
  usage: { projects: number; storageBytes: number };
}

/** A browser form post (urlencoded), not following the redirect. */
async function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const CARD_OK = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', cardName: 'Ada Lovelace' };
const CARD_DECLINED = { ...CARD_OK, cardNumber: '4000 0000 0000 0002' };

describe('payments through the gateway (local provider)', () => {
  let stack: AuthStack;
  let db: pg.Pool;
  const changes: EventEnvelope[] = [];
  const tiersOf = (userId: string) =>
    changes
      .filter((e) => e.type === 'subscription.changed.v1' && e.userId === userId)
      .map((e) => (e.payload as Sub).tier);

  beforeAll(async () => {
    stack = await startAuthStack({ BILLING_TEST_CLOCK: 'true', LOCAL_PAYMENTS_WEBHOOK_SECRET: SECRET });
    db = new pg.Pool({ connectionString: stack.databases.billing, max: 2 });
    await stack.bus.subscribe({
      groupId: 'test-billing-events',
      topics: [TOPICS.billing],
      handler: async (e) => void changes.push(e),
    });
  });
  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  const app = (path: string) => new URL(path, stack.gatewayUrl).toString();
  const urls = () => ({
    successUrl: app('/stage/settings/subscription?upgrade=success'),
    cancelUrl: app('/stage/settings/subscription?upgrade=cancelled'),
  });
  const freeUser = async () => {
    const signed = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'free' });
    await waitFor(() => tiersOf(signed.user.id).length > 0, 'the registration applied', 5000);
    return signed;
  };
  const subOf = async (client: ApiClient) => (await client.get<SubAnswer>('/api/subscriptions')).body.data!;

  it('answers the subscription with limits and usage, usage from the storage events', async () => {
    const { client, user } = await freeUser();
    const first = await client.get<SubAnswer>('/api/subscriptions');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      subscription: { tier: 'free', isTrial: false, cancelAtPeriodEnd: false },
      limits: PLANS.free.limits,
      usage: { projects: 0, storageBytes: 0 },
    });
    const projects = (bytes: number, count: number) =>
      newEvent('project_storage.changed.v1', user.id, user.id, {
        userId: user.id,
        storageBytes: bytes,
        projectCount: count,
      });
    await stack.bus.publish([
      { topic: TOPICS.projects, event: projects(1000, 1) },
      {
        topic: TOPICS.authors,
        event: newEvent('author_storage.changed.v1', user.id, user.id, { userId: user.id, storageBytes: 234 }),
      },
    ]);
    await waitFor(async () => (await subOf(client)).usage.storageBytes === 1234, 'usage from both services', 5000);
    expect((await subOf(client)).usage).toEqual({ projects: 1, storageBytes: 1234 });
    // The newest figure wins; an older event arriving late changes nothing.
    const older = projects(99, 7);
    (older as { occurredAt: string }).occurredAt = new Date(Date.now() - 60_000).toISOString();
    await stack.bus.publish([
      { topic: TOPICS.projects, event: projects(2000, 2) },
      { topic: TOPICS.projects, event: older },
    ]);
    await waitFor(async () => (await subOf(client)).usage.storageBytes === 2234, 'newer usage', 5000);
    await new Promise((r) => setTimeout(r, 200));
    expect((await subOf(client)).usage).toEqual({ projects: 2, storageBytes: 2234 });
  });

  it('refuses signed-out callers and bad bodies', async () => {
    const anon = await new ApiClient(stack.gatewayUrl).start();
    for (const path of [
      '/api/subscriptions',
      '/api/subscriptions/features',
      '/api/subscriptions/portal',
      '/api/subscriptions/invoices',
      '/api/subscriptions/diagnostics',
      '/api/subscriptions/features/comparison',
      '/api/subscriptions/feature/project:analysis',
      '/api/subscriptions/features/project:analysis',
    ]) {
      expect((await anon.get(path)).status, path).toBe(401);
    }
    expect((await anon.post('/api/subscriptions/checkout', urls())).status).toBe(401);
    expect((await anon.call('PUT', '/api/subscriptions', { tier: 'pro' })).status).toBe(401);
    expect((await anon.post('/api/subscriptions/test-clock', { advanceDays: 1 })).status).toBe(401);
    const { client } = await freeUser();
    expect((await client.call('PUT', '/api/subscriptions', { tier: 'gold' })).status).toBe(400);
    expect((await client.call('PUT', '/api/subscriptions', { tier: 'pro', extra: 1 })).status).toBe(400);
    expect(
      (await client.post('/api/subscriptions/checkout', { successUrl: 'not a url', cancelUrl: urls().cancelUrl }))
        .status,
    ).toBe(400);
    expect((await client.post('/api/subscriptions/checkout', {})).status).toBe(400);
    for (const advanceDays of [0, -1, 'a', 5000]) {
      expect((await client.post('/api/subscriptions/test-clock', { advanceDays })).status, String(advanceDays)).toBe(
        400,
      );
    }
    // A local page with an id of the wrong shape, and one that does not exist.
    expect((await fetch(app('/pay/checkout/nope'))).status).toBe(400);
    expect((await fetch(app(`/pay/portal/bps_local_${'0'.repeat(24)}`))).status).toBe(404);
  });

  it('PUT {tier:"pro"} never grants Pro by itself', async () => {
    const { client, user } = await freeUser();
    const before = tiersOf(user.id).length;
    const plain = await client.call<{ requiresPayment: boolean; subscription: Sub }>('PUT', '/api/subscriptions', {
      tier: 'pro',
    });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({ requiresPayment: true, subscription: { tier: 'free' } });
    // A made-up payment reference, and another user's real subscription, are not this user's payment.
    const madeUp = await client.call<{ requiresPayment: boolean }>('PUT', '/api/subscriptions', {
      tier: 'pro',
      paymentReferenceId: 'sub_local_000000000000000000000000',
    });
    expect(madeUp.body.data?.requiresPayment).toBe(true);
    const other = await freeUser();
    const session = await other.client.post<{ url: string }>('/api/subscriptions/checkout', urls());
    expect((await postForm(session.body.data!.url, CARD_OK)).status).toBe(303);
    const theirs = (await subOf(other.client)).subscription.paymentReferenceId!;
    expect(theirs).toMatch(/^sub_local_/);
    const stolen = await client.call<{ requiresPayment: boolean }>('PUT', '/api/subscriptions', {
      tier: 'pro',
      paymentReferenceId: theirs,
    });
    expect(stolen.body.data?.requiresPayment).toBe(true);
    expect((await subOf(client)).subscription.tier).toBe('free');
    expect(tiersOf(user.id).length).toBe(before);
  });

  it('answers features, the comparison and feature checks by tier', async () => {
    const { client } = await freeUser();
    const features = await client.get<{ features: Array<{ id: string; tiers: string[]; allowed: boolean }> }>(
      '/api/subscriptions/features',
    );
    expect(features.body.data?.features).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'project:analysis', allowed: true, tiers: ['free', 'pro', 'enterprise'] }),
        expect.objectContaining({ id: 'characters:analysis', allowed: false, tiers: ['pro', 'enterprise'] }),
        expect.objectContaining({ id: 'voice:recording', allowed: false }),
      ]),
    );
    const comparison = await client.get<{
      plans: Array<{ id: string; price: string }>;
      rows: Array<{ feature: string; values: Record<string, unknown> }>;
    }>('/api/subscriptions/features/comparison');
    expect(comparison.body.data?.plans.map((p) => p.id)).toEqual(['free', 'pro', 'enterprise']);
    expect(comparison.body.data?.rows).toContainEqual({
      feature: 'Projects',
      values: { free: '1', pro: 'Unlimited', enterprise: 'Unlimited' },
    });
    const one = await client.get('/api/subscriptions/feature/characters:analysis');
    expect(one.body.data).toMatchObject({
      allowed: false,
      message: DEFAULT_DENIED_MESSAGE,
      feature: { id: 'characters:analysis', name: 'Character analysis' },
    });
    expect((await client.get('/api/subscriptions/feature/teleportation')).status).toBe(404);
    expect((await client.get('/api/subscriptions/features/voice:recording')).body.data).toEqual({
      allowed: false,
      message: DEFAULT_DENIED_MESSAGE,
    });
    expect((await client.get('/api/subscriptions/features/project%3Aanalysis')).body.data).toMatchObject({
      allowed: true,
    });
    expect((await client.get('/api/subscriptions/features/teleportation')).status).toBe(404);
  });

  it('checkout: own-origin URLs only; a declined card leaves Free; 4242 starts the Pro trial; then 409', async () => {
    const { client, user } = await freeUser();
    const evil = await client.post('/api/subscriptions/checkout', {
      ...urls(),
      successUrl: 'https://evil.example/steal',
    });
    expect(evil).toMatchObject({ status: 400, body: { success: false } });
    expect(
      (await client.post('/api/subscriptions/checkout', { ...urls(), cancelUrl: 'http://localhost:1/x' })).status,
    ).toBe(400);

    const started = await client.post<{ url: string; sessionId: string }>('/api/subscriptions/checkout', urls());
    expect(started.status).toBe(200);
    const { url, sessionId } = started.body.data!;
    expect(url).toBe(app(`/pay/checkout/${sessionId}`));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('>Subscribe</button>');
    expect(html).toContain('prefers-color-scheme: dark');

    const declined = await postForm(url, CARD_DECLINED);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await subOf(client)).subscription.tier).toBe('free');
    const bad = await postForm(url, { ...CARD_OK, cardNumber: '4242 4242 4242 4241' });
    expect(await bad.text()).toContain('Your card number is invalid.');

    const paid = await postForm(url, CARD_OK);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(urls().successUrl);
    const after = await subOf(client);
    expect(after.subscription).toMatchObject({ tier: 'pro', isTrial: true, status: 'active' });
    expect(after.subscription.paymentReferenceId).toMatch(/^sub_local_/);
    expect(after.limits).toEqual(PLANS.pro.limits);
    expect(Date.parse(after.subscription.endDate!) - Date.now()).toBeGreaterThan(13 * DAY);
    await waitFor(() => tiersOf(user.id).at(-1) === 'pro', 'subscription.changed.v1 pro', 5000);
    // The session is used up; a second checkout is refused while Pro is paid for.
    expect((await postForm(url, CARD_OK)).status).toBe(404);
    expect((await client.post('/api/subscriptions/checkout', urls())).status).toBe(409);
    // PUT pro with an entitlement answers it without payment.
    const put = await client.call('PUT', '/api/subscriptions', { tier: 'pro' });
    expect(put.body.data).toMatchObject({ requiresPayment: false, subscription: { tier: 'pro' } });
    const diag = await client.get('/api/subscriptions/diagnostics');
    expect(diag.body.data).toMatchObject({ provider: 'local', entitlementSource: 'provider', testClock: true });
    expect((diag.body.data as { lastWebhookAt: string }).lastWebhookAt).toBeTruthy();
  });

  it('without a trial left, checkout needs a card, charges it and lists the invoice; renewals add invoices', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' }); // trial used at registration
    expect((await client.get<{ invoices: unknown[] }>('/api/subscriptions/invoices')).body.data).toEqual({
      invoices: [],
    });
    const { url } = (await client.post<{ url: string }>('/api/subscriptions/checkout', urls())).body.data!;
    const empty = await postForm(url, { cardNumber: '', expiry: '', cvc: '', cardName: '' });
    expect(empty.status).toBe(402);
    expect(await empty.text()).toContain('Your card number is incomplete.');
    expect((await postForm(url, CARD_OK)).status).toBe(303);
    const sub = await subOf(client);
    expect(sub.subscription).toMatchObject({ tier: 'pro', isTrial: false });
    const invoices = await client.get<{
      invoices: Array<{ amountCents: number; status: string; url: string; currency: string }>;
    }>('/api/subscriptions/invoices');
    expect(invoices.body.data?.invoices).toEqual([
      expect.objectContaining({
        amountCents: 1900,
        currency: 'usd',
        status: 'paid',
        url: expect.stringContaining('/pay/invoices/in_local_'),
      }),
    ]);
    expect((await fetch(invoices.body.data!.invoices[0]!.url)).status).toBe(200);
    const moved = await client.post('/api/subscriptions/test-clock', { advanceDays: 32 });
    expect(moved.status).toBe(200);
    const renewed = await client.get<{ invoices: unknown[] }>('/api/subscriptions/invoices');
    expect(renewed.body.data?.invoices).toHaveLength(2);
    expect((await subOf(client)).subscription.tier).toBe('pro');
  });

  it('portal: 409 without a billing account; cancel at period end, then the clock moves past it: Free', async () => {
    const { client, user } = await freeUser();
    expect(await client.get('/api/subscriptions/portal')).toMatchObject({ status: 409, body: { success: false } });
    const { url } = (await client.post<{ url: string }>('/api/subscriptions/checkout', urls())).body.data!;
    expect((await postForm(url, CARD_OK)).status).toBe(303);
    const portal = await client.get<{ url: string }>('/api/subscriptions/portal');
    expect(portal.status).toBe(200);
    const portalUrl = portal.body.data!.url;
    expect(portalUrl).toMatch(/\/pay\/portal\/bps_local_/);
    const page = await (await fetch(portalUrl)).text();
    expect(page).toContain('Cancel at period end');
    expect(page).toContain('Visa ending in 4242');
    expect(page).toContain('Return to Castbook');
    const canceled = await postForm(`${portalUrl}/cancel`, {});
    expect(canceled.status).toBe(303);
    expect(await (await fetch(app(canceled.headers.get('location')!))).text()).toContain('You keep Pro until then');
    expect((await subOf(client)).subscription).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: true });

    const moved = await client.post<{ subscription: Sub }>('/api/subscriptions/test-clock', { advanceDays: 15 });
    expect(moved.status).toBe(200);
    expect(moved.body.data?.subscription).toMatchObject({
      tier: 'free',
      cancelAtPeriodEnd: false,
      paymentReferenceId: null,
    });
    await waitFor(() => tiersOf(user.id).at(-1) === 'free', 'subscription.changed.v1 free', 5000);
    // The billing account stays: the portal still opens (invoices, a new subscription later).
    expect((await client.get('/api/subscriptions/portal')).status).toBe(200);
  });

  it('downgrade: PUT {tier:"free"} ends the paid subscription now', async () => {
    const { client, user } = await freeUser();
    const { url } = (await client.post<{ url: string }>('/api/subscriptions/checkout', urls())).body.data!;
    expect((await postForm(url, CARD_OK)).status).toBe(303);
    const ref = (await subOf(client)).subscription.paymentReferenceId!;
    const down = await client.call<{ subscription: Sub; requiresPayment: boolean }>('PUT', '/api/subscriptions', {
      tier: 'free',
    });
    expect(down.body.data).toMatchObject({ requiresPayment: false, subscription: { tier: 'free' } });
    const { rows } = await db.query('SELECT status FROM local_subscriptions WHERE id = $1', [ref]);
    expect(rows[0].status).toBe('canceled');
    await waitFor(() => tiersOf(user.id).at(-1) === 'free', 'subscription.changed.v1 free', 5000);
    // The same reference cannot bring Pro back: the provider says it is canceled.
    const again = await client.call<{ requiresPayment: boolean }>('PUT', '/api/subscriptions', {
      tier: 'pro',
      paymentReferenceId: ref,
    });
    expect(again.body.data?.requiresPayment).toBe(true);
  });

  describe('webhook', () => {
    const event = (type: string, object: Record<string, unknown>) =>
      JSON.stringify({
        id: `evt_test_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
    const post = (payload: string, signature?: string) =>
      fetch(app('/api/subscriptions/webhook'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body: payload,
      });
    const sign = (payload: string, secret = SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const subscriptionObject = (userId: string, status: string) => ({
      id: `sub_hook_${userId}`,
      object: 'subscription',
      customer: `cus_hook_${userId}`,
      status,
      cancel_at_period_end: false,
      trial_end: null,
      metadata: { userId },
      items: { object: 'list', data: [{ current_period_end: Math.floor((Date.now() + 400 * DAY) / 1000) }] },
    });

    it('refuses a missing or forged signature and changes nothing', async () => {
      const { client, user } = await freeUser();
      const payload = event('customer.subscription.created', subscriptionObject(user.id, 'active'));
      expect(await (await post(payload)).json()).toMatchObject({
        success: false,
        error: 'The Stripe-Signature header is missing',
      });
      const forged = await post(payload, sign(payload, 'whsec_someone_else_entirely_000000000'));
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ success: false, error: 'Webhook signature verification failed' });
      // Signed, then altered: the signature covers the exact bytes.
      const altered = await post(payload.replace('"active"', '"trialing"'), sign(payload));
      expect(altered.status).toBe(400);
      expect((await subOf(client)).subscription.tier).toBe('free');
      expect(
        (
          await db.query('SELECT count(*)::int AS n FROM webhook_events WHERE type = $1 AND id = $2', [
            'customer.subscription.created',
            JSON.parse(payload).id,
          ])
        ).rows[0].n,
      ).toBe(0);
    });

    it('applies a signed event once: a replay changes nothing', async () => {
      const { client, user } = await freeUser();
      const activate = event('customer.subscription.created', subscriptionObject(user.id, 'active'));
      const ok = await post(activate, sign(activate));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ success: true, data: { received: true, duplicate: false } });
      expect((await subOf(client)).subscription).toMatchObject({
        tier: 'pro',
        paymentReferenceId: `sub_hook_${user.id}`,
      });
      const end = event('customer.subscription.deleted', subscriptionObject(user.id, 'canceled'));
      expect((await post(end, sign(end))).status).toBe(200);
      expect((await subOf(client)).subscription.tier).toBe('free');
      // The activation again, freshly signed: same event id, so nothing changes.
      const replay = await post(activate, sign(activate));
      expect(await replay.json()).toMatchObject({ success: true, data: { duplicate: true } });
      expect((await subOf(client)).subscription.tier).toBe('free');
      await waitFor(() => tiersOf(user.id).join() === 'free,pro,free', 'one event per change', 5000);
    });
  });

  it('contact sales: works signed out, stored and mailed, rate-limited; bad input is a 400', async () => {
    const anon = await new ApiClient(stack.gatewayUrl).start();
    const email = `buyer.${Date.now()}@example.com`;
    const lead = { name: 'Grace Hopper', email, company: 'Navy Books', seats: 25, message: 'We narrate a lot.' };
    const res = await anon.post<{ leadId: string }>('/api/subscriptions/contact-sales', lead);
    expect(res.status).toBe(201);
    const { rows } = await db.query(
      'SELECT name, email, company, seats, message, user_id FROM sales_leads WHERE id = $1',
      [res.body.data!.leadId],
    );
    expect(rows[0]).toEqual({
      name: 'Grace Hopper',
      email,
      company: 'Navy Books',
      seats: 25,
      message: 'We narrate a lot.',
      user_id: null,
    });
    await waitFor(
      () =>
        stack
          .logs()
          .some((l) => l.msg === 'mail' && String((l.mail as { text: string }).text).includes(res.body.data!.leadId)),
      'the lead mailed',
      5000,
    );
    expect((await anon.post('/api/subscriptions/contact-sales', { ...lead, seats: 0 })).status).toBe(400);
    expect((await anon.post('/api/subscriptions/contact-sales', { ...lead, email: 'nope' })).status).toBe(400);
    expect((await anon.post('/api/subscriptions/contact-sales', { ...lead, company: '  ' })).status).toBe(400);
    const { client, user } = await freeUser();
    const mine = await client.post<{ leadId: string }>('/api/subscriptions/contact-sales', {
      ...lead,
      email: `b.${Date.now()}@example.com`,
    });
    expect(
      (await db.query('SELECT user_id FROM sales_leads WHERE id = $1', [mine.body.data!.leadId])).rows[0].user_id,
    ).toBe(user.id);
    // A token that does not verify makes the enquiry anonymous instead of losing it.
    const stale = new ApiClient(stack.gatewayUrl);
    stale.csrf = anon.csrf;
    stale.token = 'not-a-token';
    const kept = await stale.post<{ leadId: string }>('/api/subscriptions/contact-sales', {
      ...lead,
      email: `c.${Date.now()}@example.com`,
    });
    expect(kept.status).toBe(201);
    expect(
      (await db.query('SELECT user_id FROM sales_leads WHERE id = $1', [kept.body.data!.leadId])).rows[0].user_id,
    ).toBeNull();
    // Control characters are refused (they cannot be stored as text).
    expect((await anon.post('/api/subscriptions/contact-sales', { ...lead, name: 'Grace\u0000' })).status).toBe(400);
    expect((await anon.post('/api/subscriptions/contact-sales', lead)).status).toBe(201);
    expect((await anon.post('/api/subscriptions/contact-sales', lead)).status).toBe(201);
    expect(await anon.post('/api/subscriptions/contact-sales', lead)).toMatchObject({
      status: 429,
      body: { success: false },
    });
  });
});

describe('the test clock is off unless BILLING_TEST_CLOCK=true', () => {
  let stack: AuthStack;
  beforeAll(async () => {
    stack = await startAuthStack();
  });
  afterAll(async () => stack?.stop());

  it('answers 404', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    expect((await client.post('/api/subscriptions/test-clock', { advanceDays: 30 })).status).toBe(404);
    expect((await client.get('/api/subscriptions/diagnostics')).body.data).toMatchObject({
      testClock: false,
      provider: 'local',
    });
  });
});
