// The Stripe provider against stripe-mock (Stripe's own mock of its API, from `npm run infra:install`):
// every call billing makes is one the real API accepts with these parameters (stripe-mock validates
// them against Stripe's OpenAPI spec and refuses unknown ones), and the answers are read into
// billing's shapes. Webhook verification is checked with events signed the way Stripe signs them.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AuthStack, signedUpClient, startAuthStack } from '@castbook/test-kit';
import { findBinary, freePort, startProcess, waitUntil, type ManagedProcess } from '@castbook/test-kit/servers';
import { StripePaymentProvider } from '../src/payments/stripe-provider.js';

const binary = findBinary('stripe-mock');
if (!binary && process.env.CI) throw new Error('stripe-mock is not installed: run `npm run infra:install`');
if (!binary) process.stderr.write('\n[billing infra] stripe-mock not installed (npm run infra:install): skipped\n');

const WEBHOOK_SECRET = 'whsec_stripe_mock_test_0123456789';

describe.skipIf(!binary)('Stripe provider against stripe-mock', () => {
  let mock: ManagedProcess;
  let provider: StripePaymentProvider;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    mock = startProcess({ name: 'stripe-mock', command: binary!, args: ['-http-addr', `127.0.0.1:${port}`] });
    await waitUntil(
      'stripe-mock',
      async () =>
        (
          await fetch(`http://127.0.0.1:${port}/v1/customers/cus_1`, {
            headers: { authorization: 'Bearer sk_test_123' },
          })
        ).ok,
      {
        timeoutMs: 20_000,
        process: mock,
      },
    );
    provider = new StripePaymentProvider({
      secretKey: 'sk_test_123',
      webhookSecret: WEBHOOK_SECRET,
      pricePro: 'price_1Pro',
      apiBase: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => mock?.stop());

  it('creates a subscription checkout with the card-less trial, and one without a trial', async () => {
    const input = {
      userId: 'user-1',
      email: 'ada@example.com',
      customerId: null,
      successUrl: 'http://localhost:8080/stage/settings/subscription?upgrade=success',
      cancelUrl: 'http://localhost:8080/stage/settings/subscription?upgrade=cancelled',
      origin: 'http://localhost:8080',
    };
    const trial = await provider.createCheckout({ ...input, trialDays: 14 });
    expect(trial.sessionId).toMatch(/^cs_/);
    expect(typeof trial.url).toBe('string');
    const paid = await provider.createCheckout({ ...input, customerId: 'cus_123', trialDays: 0 });
    expect(paid.sessionId).toMatch(/^cs_/);
  });

  it('opens a portal session, lists invoices, reads and cancels a subscription', async () => {
    const portal = await provider.createPortal({ customerId: 'cus_123', returnUrl: 'http://localhost:8080/stage' });
    expect(portal.url).toMatch(/^https?:\/\//);
    const invoices = await provider.listInvoices('cus_123');
    expect(Array.isArray(invoices)).toBe(true);
    for (const i of invoices) {
      expect(i).toEqual({
        id: expect.stringMatching(/^in_/),
        number: expect.toBeOneOf([null, expect.any(String)]),
        date: expect.any(Date),
        amountCents: expect.any(Number),
        currency: expect.any(String),
        status: expect.any(String),
        url: expect.toBeOneOf([null, expect.any(String)]),
      });
    }
    const sub = await provider.getSubscription('sub_123');
    expect(sub).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      customerId: expect.any(String),
      status: expect.any(String),
    });
    expect(sub!.cancelAtPeriodEnd).toEqual(expect.any(Boolean));
    await expect(provider.cancelSubscription('sub_123')).resolves.toBeUndefined();
  });

  it('verifies webhook signatures on the raw body', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(provider.verifyWebhook(Buffer.from(payload), good).id).toBe('evt_1');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours_000000000000' });
    expect(() => provider.verifyWebhook(Buffer.from(payload), forged)).toThrow();
    expect(() => provider.verifyWebhook(Buffer.from(payload.replace('evt_1', 'evt_2')), good)).toThrow();
  });

  // The whole service on the Stripe provider (needs the tier's PostgreSQL).
  describe.skipIf(!inject('infraAvailable'))('billing configured for Stripe', () => {
    let stack: AuthStack;
    beforeAll(async () => {
      stack = await startAuthStack({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_PRO: 'price_1Pro',
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      });
    });
    afterAll(async () => stack?.stop());

    it('checks out through Stripe, serves no local pages, and takes Stripe-signed webhooks', async () => {
      const { client, user } = await signedUpClient(stack.gatewayUrl);
      const origin = new URL(stack.gatewayUrl).origin;
      const started = await client.post<{ url: string; sessionId: string }>('/api/subscriptions/checkout', {
        successUrl: `${origin}/stage/settings/subscription?upgrade=success`,
        cancelUrl: `${origin}/stage/settings/subscription?upgrade=cancelled`,
      });
      expect(started.status).toBe(200);
      expect(started.body.data?.sessionId).toMatch(/^cs_/);
      expect((await fetch(`${origin}/pay/checkout/cs_local_${'0'.repeat(24)}`)).status).toBe(404);
      expect((await client.get('/api/subscriptions/diagnostics')).body.data).toMatchObject({ provider: 'stripe' });
      const payload = JSON.stringify({
        id: 'evt_stripe_sub_1',
        object: 'event',
        type: 'customer.subscription.created',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: 'sub_stripe_1',
            object: 'subscription',
            customer: 'cus_stripe_1',
            status: 'trialing',
            cancel_at_period_end: false,
            trial_end: Math.floor(Date.now() / 1000) + 14 * 86400,
            metadata: { userId: user.id },
            items: { object: 'list', data: [{ current_period_end: Math.floor(Date.now() / 1000) + 14 * 86400 }] },
          },
        },
      });
      const res = await fetch(`${origin}/api/subscriptions/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
      expect(res.status).toBe(200);
      const sub = await client.get<{ subscription: { tier: string; isTrial: boolean } }>('/api/subscriptions');
      expect(sub.body.data?.subscription).toMatchObject({ tier: 'pro', isTrial: true });
    });
  });
});
