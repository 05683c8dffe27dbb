// Time on the billing database, with a clock the test moves: a registration trial ends as Free (and
// says so once), the "trial ends in 3 days" mail goes out exactly once, and a renewal that fails
// (Stripe's test card 4000 0000 0000 0341 attaches, then every charge fails) keeps Pro through the
// grace period, then returns to Free and cancels the provider subscription. Nothing is deleted.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, Database, handleOnce, newEvent, type MailMessage, type Mailer } from '@castbook/platform';
import { createTestDatabase } from '@castbook/test-kit';
import { AdjustableClock } from '../src/domain/clock.js';
import { Payments } from '../src/domain/payments.js';
import { Subscriptions } from '../src/domain/subscription-service.js';
import { applyRegistration, BILLING_GROUP } from '../src/events/user-registered.js';
import { LocalPaymentProvider } from '../src/payments/local-provider.js';

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'whsec_time_test_secret_0123456789abcdef';

describe('billing over time (local provider, moved clock)', () => {
  let db: Database;
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  let clock: AdjustableClock;
  let payments: Payments;
  let local: LocalPaymentProvider;
  let subs: Subscriptions;

  beforeAll(async () => {
    db = new Database({
      url: await createTestDatabase('billing_time'),
      migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
      logger: createLogger('test', 'warn'),
    });
    await db.migrate();
  });
  afterAll(async () => db?.close());

  /** A fresh clock (and the parts that read it) starting at real time. */
  const setUp = () => {
    clock = new AdjustableClock();
    subs = new Subscriptions(db, clock);
    local = new LocalPaymentProvider(db, clock, SECRET);
    payments = new Payments({
      db,
      subscriptions: subs,
      provider: local,
      mailer,
      logger: createLogger('test', 'warn'),
      salesEmail: 'sales@example.com',
      appUrl: (o) => o,
    });
    local.connect(async (raw, sig) => void (await payments.receiveWebhook(raw, sig)));
  };
  const register = async (userId: string, tier: 'free' | 'pro') => {
    const event = newEvent('user.registered.v1', userId, userId, {
      userId,
      name: 'Ann',
      email: `${userId}@example.com`,
      subscriptionTier: tier,
    });
    await handleOnce(db, BILLING_GROUP, event, (tx) => applyRegistration(tx, event, clock));
  };
  const changes = async (userId: string) =>
    (
      await db.query(
        "SELECT envelope FROM outbox WHERE envelope->>'type' = 'subscription.changed.v1' AND key = $1 ORDER BY position",
        [userId],
      )
    ).rows.map((r) => r.envelope.payload.tier as string);
  const noticesTo = (userId: string) => mails.filter((m) => m.to === `${userId}@example.com`);
  /** The payloads of one type of billing's notices (the user's notifications, issue 19) in the outbox. */
  const announced = async (type: string, userId: string) =>
    (
      await db.query("SELECT envelope FROM outbox WHERE envelope->>'type' = $1 AND key = $2 ORDER BY position", [
        type,
        userId,
      ])
    ).rows.map((r) => r.envelope.payload as Record<string, string>);

  it('mails the trial notice once, 3 days before the end, and ends the trial as Free by the sweeper', async () => {
    setUp();
    await register('trial-a', 'pro');
    clock.advance(10 * DAY);
    await payments.sweep();
    expect(noticesTo('trial-a')).toHaveLength(0);
    clock.advance(1.5 * DAY); // 2.5 days left
    await payments.sweep();
    expect(noticesTo('trial-a')).toHaveLength(1);
    expect(noticesTo('trial-a')[0]!.subject).toBe('Your Castbook Pro trial ends in 3 days');
    const trial = await subs.current('trial-a', 'r');
    expect(await announced('subscription.trial_ending.v1', 'trial-a')).toEqual([
      { userId: 'trial-a', endsAt: trial.endDate!.toISOString() },
    ]);
    await payments.sweep();
    clock.advance(1 * DAY);
    await payments.sweep();
    expect(noticesTo('trial-a')).toHaveLength(1);
    expect((await subs.current('trial-a', 'r')).tier).toBe('pro');

    clock.advance(2 * DAY); // past day 14
    expect(await payments.sweep()).toEqual({ expired: 1, notices: 0 });
    const row = await db.query('SELECT tier, is_trial, trial_used FROM subscriptions WHERE user_id = $1', ['trial-a']);
    expect(row.rows[0]).toEqual({ tier: 'free', is_trial: false, trial_used: true });
    expect(await changes('trial-a')).toEqual(['pro', 'free']);
    // Sweeping again changes nothing and announces nothing.
    await payments.sweep();
    expect(await changes('trial-a')).toEqual(['pro', 'free']);
    expect(noticesTo('trial-a')).toHaveLength(1);
    expect(await announced('subscription.trial_ending.v1', 'trial-a')).toHaveLength(1);
  });

  it('dates a trial on the moved clock: a Pro sign-up after the clock moved still gets its 14 days', async () => {
    setUp();
    clock.advance(40 * DAY);
    await register('late-trial', 'pro');
    const started = await subs.current('late-trial', 'r');
    expect(started).toMatchObject({ tier: 'pro', isTrial: true });
    expect(started.endDate!.getTime() - clock.now().getTime()).toBeGreaterThan(13.9 * DAY);
    clock.advance(13 * DAY);
    await payments.sweep();
    expect((await subs.current('late-trial', 'r')).tier).toBe('pro');
    clock.advance(2 * DAY);
    await payments.sweep();
    expect((await subs.current('late-trial', 'r')).tier).toBe('free');
  });

  it('a Free user never gets the notice', async () => {
    setUp();
    await register('free-a', 'free');
    clock.advance(12 * DAY);
    await payments.sweep();
    expect(noticesTo('free-a')).toHaveLength(0);
  });

  it('a failed renewal keeps Pro through the 7-day grace period, then Free and the provider subscription canceled', async () => {
    setUp();
    await register('late-payer', 'free');
    const { sessionId } = await payments.checkout(
      'late-payer',
      { successUrl: 'http://app.test/ok', cancelUrl: 'http://app.test/no' },
      'http://app.test',
      'r',
    );
    const outcome = await local.submitCheckout(sessionId, {
      cardNumber: '4000 0000 0000 0341',
      expiry: '12/40',
      cvc: '123',
      cardName: 'Late Payer',
    });
    expect(outcome).toEqual({ kind: 'redirect', url: 'http://app.test/ok' });
    expect(await subs.current('late-payer', 'r')).toMatchObject({ tier: 'pro', isTrial: true });

    clock.advance(14 * DAY + 60_000); // the trial ends: the first charge fails
    await payments.sweep();
    const pastDue = await subs.current('late-payer', 'r');
    expect(pastDue).toMatchObject({ tier: 'pro', providerStatus: 'past_due', isTrial: false });
    expect(pastDue.paymentFailedAt).not.toBeNull();
    const invoices = await local.listInvoices(pastDue.providerCustomerId!, 'http://app.test');
    expect(invoices.map((i) => i.status)).toEqual(['open']);
    // Announced once, with the end of the grace period (7 days after the failure).
    expect(await announced('subscription.payment_failed.v1', 'late-payer')).toEqual([
      { userId: 'late-payer', graceEndsAt: new Date(pastDue.paymentFailedAt!.getTime() + 7 * DAY).toISOString() },
    ]);

    clock.advance(6 * DAY);
    await payments.sweep();
    expect((await subs.current('late-payer', 'r')).tier).toBe('pro');

    clock.advance(1.5 * DAY);
    await payments.sweep();
    const ended = await subs.current('late-payer', 'r');
    expect(ended).toMatchObject({ tier: 'free', providerSubscriptionId: null, paymentFailedAt: null });
    expect(ended.providerCustomerId).toBe(pastDue.providerCustomerId);
    expect((await local.getSubscription(pastDue.providerSubscriptionId!))?.status).toBe('canceled');
    expect(await changes('late-payer')).toEqual(['free', 'pro', 'free']);
    expect(await announced('subscription.payment_failed.v1', 'late-payer')).toHaveLength(1);
  });

  it('a lapse found on a read (before any sweep) cancels the provider subscription too', async () => {
    setUp();
    await register('reader', 'free');
    const { sessionId } = await payments.checkout(
      'reader',
      { successUrl: 'http://app.test/ok', cancelUrl: 'http://app.test/no' },
      'http://app.test',
      'r',
    );
    const failing = { cardNumber: '4000000000000341', expiry: '12/40', cvc: '123', cardName: 'Reader' };
    expect((await local.submitCheckout(sessionId, failing)).kind).toBe('redirect');
    clock.advance(14 * DAY + 60_000);
    await local.runDue(clock.now()); // the renewal fails; no sweep of billing's own
    const pastDue = await subs.current('reader', 'r');
    expect(pastDue).toMatchObject({ tier: 'pro', providerStatus: 'past_due' });
    clock.advance(8 * DAY);
    expect((await subs.current('reader', 'r')).tier).toBe('free');
    expect((await local.getSubscription(pastDue.providerSubscriptionId!))?.status).toBe('canceled');
    // Later periods bring no renewal attempt and no Pro back.
    clock.advance(40 * DAY);
    await payments.sweep();
    expect((await subs.current('reader', 'r')).tier).toBe('free');
  });

  it('a paid invoice after a failure clears it (card changed in the portal)', async () => {
    setUp();
    await register('fixer', 'pro'); // trial used: checkout charges at once
    const { sessionId } = await payments.checkout(
      'fixer',
      { successUrl: 'http://app.test/ok', cancelUrl: 'http://app.test/no' },
      'http://app.test',
      'r',
    );
    const good = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', cardName: 'Fixer' };
    expect((await local.submitCheckout(sessionId, good)).kind).toBe('redirect');
    const paid = await subs.current('fixer', 'r');
    expect(paid).toMatchObject({ tier: 'pro', isTrial: false, providerStatus: 'active' });
    const { url } = await payments.portal('fixer', 'http://app.test', 'r');
    const portalId = url.split('/').at(-1)!;
    // The card starts failing, the renewal fails, the card is replaced, the next renewal is paid.
    await db.query('UPDATE local_customers SET card_fails = true WHERE id = $1', [paid.providerCustomerId]);
    clock.advance(31 * DAY);
    await payments.sweep();
    expect((await subs.current('fixer', 'r')).paymentFailedAt).not.toBeNull();
    expect((await local.portalUpdateCard(portalId, good)).kind).toBe('gone'); // portal sessions last an hour
    const fresh = (await payments.portal('fixer', 'http://app.test', 'r')).url.split('/').at(-1)!;
    expect((await local.portalUpdateCard(fresh, good)).kind).toBe('done');
    clock.advance(31 * DAY);
    await payments.sweep();
    expect(await subs.current('fixer', 'r')).toMatchObject({
      tier: 'pro',
      paymentFailedAt: null,
      providerStatus: 'active',
    });
  });
});
