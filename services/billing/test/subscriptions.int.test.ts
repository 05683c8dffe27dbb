// Billing's first slice: the subscription comes from user.registered.v1 (Free, or Pro on a 14-day
// trial), GET /api/subscriptions answers it with the plan's limits, a caller who asks before the
// event arrives gets the Free default that the event then upgrades, and an unpaid trial ends as Free.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, type EventEnvelope } from '@castbook/contracts';
import { createLogger, Database, handleOnce, newEvent } from '@castbook/platform';
import {
  ApiClient,
  type AuthStack,
  createTestDatabase,
  signedUpClient,
  startAuthStack,
  waitFor,
} from '@castbook/test-kit';
import { AdjustableClock } from '../src/domain/clock.js';
import { Subscriptions } from '../src/domain/subscription-service.js';
import { applyRegistration, BILLING_GROUP } from '../src/events/user-registered.js';

const DAY = 24 * 60 * 60 * 1000;

describe('through the gateway', () => {
  let stack: AuthStack;
  const changes: EventEnvelope[] = [];
  beforeAll(async () => {
    stack = await startAuthStack();
    await stack.bus.subscribe({
      groupId: 'test-billing-events',
      topics: ['billing.events'],
      handler: async (e) => void changes.push(e),
    });
  });
  afterAll(async () => stack?.stop());

  it('creates the Pro trial chosen at registration and answers it with the Pro limits', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const res = await waitFor(
      async () => {
        const r = await client.get<{ subscription: { tier: string; startDate: string; endDate: string } }>(
          '/api/subscriptions',
        );
        return r.body.data?.subscription.tier === 'pro' && r;
      },
      'the pro subscription',
      5000,
    );
    expect(res.status).toBe(200);
    const { subscription, limits } = res.body.data as unknown as {
      subscription: Record<string, unknown> & { startDate: string; endDate: string };
      limits: unknown;
    };
    expect(subscription).toMatchObject({
      tier: 'pro',
      status: 'active',
      paymentReferenceId: null,
      isTrial: true,
      features: PLANS.pro.featureIds,
    });
    expect(Date.parse(subscription.endDate) - Date.parse(subscription.startDate)).toBe(14 * DAY);
    expect(Math.abs(Date.parse(subscription.startDate) - Date.now())).toBeLessThan(60_000);
    expect(limits).toEqual(PLANS.pro.limits);
    await waitFor(
      () =>
        changes.some(
          (e) =>
            e.type === 'subscription.changed.v1' &&
            e.userId === user.id &&
            (e.payload as { tier: string }).tier === 'pro',
        ),
      'subscription.changed.v1',
      5000,
    );
  });

  it('gives Free to a user who chose Free', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'free' });
    await waitFor(() => changes.some((e) => e.userId === user.id), 'subscription.changed.v1', 5000);
    const res = await client.get<{ subscription: { tier: string; endDate: null }; limits: unknown }>(
      '/api/subscriptions',
    );
    expect(res.body).toMatchObject({
      success: true,
      data: { subscription: { tier: 'free', status: 'active', endDate: null } },
    });
    expect(res.body.data?.limits).toEqual(PLANS.free.limits);
  });

  it('verifies the token itself when called directly (not through the gateway)', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const direct = new ApiClient(stack.billingUrl);
    expect((await direct.get('/api/subscriptions')).status).toBe(401);
    direct.token = `${client.token!.slice(0, -4)}AAAA`; // signature broken
    expect(await direct.get('/api/subscriptions')).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    direct.token = client.token;
    expect((await direct.get('/api/subscriptions')).status).toBe(200);
  });
});

describe('subscription rules on the billing database', () => {
  let db: Database;
  beforeAll(async () => {
    db = new Database({
      url: await createTestDatabase('billing_rules'),
      migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
      logger: createLogger('test', 'warn'),
    });
    await db.migrate();
  });
  afterAll(async () => db?.close());

  const registered = (userId: string, tier: 'free' | 'pro') =>
    newEvent('user.registered.v1', userId, userId, {
      userId,
      name: 'Ann',
      email: 'ann@example.com',
      subscriptionTier: tier,
    });
  const changedEvents = async (userId: string) =>
    (
      await db.query(
        "SELECT envelope FROM outbox WHERE envelope->>'type' = 'subscription.changed.v1' AND key = $1 ORDER BY position",
        [userId],
      )
    ).rows.map((r) => r.envelope.payload.tier as string);

  it('answers Free to an early caller, then the registration event upgrades it exactly once', async () => {
    const subs = new Subscriptions(db);
    const early = await subs.current('early-user', 'req-1');
    expect(early).toMatchObject({ tier: 'free', origin: 'default' });

    const event = registered('early-user', 'pro');
    expect(await handleOnce(db, BILLING_GROUP, event, (tx) => applyRegistration(tx, event))).toBe(true);
    expect(await handleOnce(db, BILLING_GROUP, event, (tx) => applyRegistration(tx, event))).toBe(false);
    expect(await subs.current('early-user', 'req-2')).toMatchObject({
      tier: 'pro',
      isTrial: true,
      origin: 'registration',
    });
    expect(await changedEvents('early-user')).toEqual(['free', 'pro']);

    // A second, different registration event for the same user (cannot happen, but) changes nothing.
    const other = registered('early-user', 'free');
    await handleOnce(db, BILLING_GROUP, other, (tx) => applyRegistration(tx, other));
    expect((await subs.current('early-user', 'req-3')).tier).toBe('pro');
  });

  it('returns an unpaid trial to Free when it ends', async () => {
    const event = registered('trial-user', 'pro');
    await handleOnce(db, BILLING_GROUP, event, (tx) => applyRegistration(tx, event));
    const day13 = new Subscriptions(db, new AdjustableClock(() => Date.parse(event.occurredAt) + 13 * DAY));
    expect((await day13.current('trial-user', 'r')).tier).toBe('pro');
    const day15 = new Subscriptions(db, new AdjustableClock(() => Date.parse(event.occurredAt) + 15 * DAY));
    expect(await day15.current('trial-user', 'r')).toMatchObject({
      tier: 'free',
      status: 'active',
      isTrial: false,
      endDate: null,
    });
    expect(await changedEvents('trial-user')).toEqual(['pro', 'free']);
  });
});
