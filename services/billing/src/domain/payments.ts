// Paying for Pro: checkout, the billing portal, invoices, upgrade and downgrade, the provider's
// webhooks, and the sweeper that ends trials and lapsed subscriptions and mails the trial notice.
// The provider is Stripe or the local one (payments/); both come in through the same webhook handler.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { PLANS } from '@castbook/contracts';
import { enqueueEvents, HttpError, type Database, type Logger, type Mailer } from '@castbook/platform';
import { claimWebhookEvent, findUser, insertLead, lastWebhookAt, recentLeads, type Lead } from '../db/billing.js';
import { claimTrialNotices, possiblyExpired, userOfProviderSubscription } from '../db/subscriptions.js';
import {
  ENTITLED,
  subscriptionOfInvoice,
  fromStripeSubscription,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../payments/provider.js';
import { leadMail, trialEndingMail } from './mails.js';
import { paymentFailed, trialEnding } from '../events/subscription-events.js';
import type { Expiry, Subscriptions } from './subscription-service.js';
import { DAY_MS, entitlementSource, type SubscriptionRecord } from './subscriptions.js';

export const TRIAL_NOTICE_MS = 3 * DAY_MS;
const LEADS_PER_EMAIL_PER_HOUR = 3;
const LEADS_PER_ADDRESS_PER_HOUR = 10;

export const MESSAGES = {
  alreadyPaid: 'You already have a paid Pro subscription. Manage it in the billing portal.',
  noCustomer: 'There is no billing account yet: subscribe to Pro first.',
  badSignature: 'Webhook signature verification failed',
  noSignature: 'The Stripe-Signature header is missing',
  tooManyLeads: 'Too many requests. Please try again later.',
};

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

export interface PaymentsDeps {
  db: Database;
  subscriptions: Subscriptions;
  provider: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  salesEmail: string;
  appUrl: (origin: string) => string;
}

export class Payments {
  constructor(private readonly deps: PaymentsDeps) {
    deps.subscriptions.onExpired = (expired) => this.afterExpiry(expired);
  }

  /**
   * Pro ran out: logged; a provider subscription that lapsed (payment failed past the grace period,
   * or no renewal heard of) is canceled there too, so the user is not charged for a plan they lost.
   * One canceled at period end has ended on the provider's side already.
   */
  private async afterExpiry({ reason, previous }: Expiry): Promise<void> {
    this.deps.logger.info({ userId: previous.userId, reason }, 'subscription returned to Free');
    const ref = previous.providerSubscriptionId;
    if (!ref || reason === 'canceled at period end') return;
    await this.provider.cancelSubscription(ref).catch((err: unknown) => {
      this.deps.logger.warn({ err, userId: previous.userId }, 'provider subscription not canceled');
    });
  }

  get provider() {
    return this.deps.provider;
  }

  private get subs() {
    return this.deps.subscriptions;
  }

  /** PUT {tier:'pro'}: never grants Pro by itself; only a provider subscription of this user does. */
  async upgrade(
    userId: string,
    paymentReferenceId: string | null | undefined,
    requestId: string,
  ): Promise<{ record: SubscriptionRecord; requiresPayment: boolean }> {
    const cur = await this.subs.current(userId, requestId);
    if (cur.tier === 'pro') return { record: cur, requiresPayment: false };
    if (paymentReferenceId) {
      const sub = await this.provider.getSubscription(paymentReferenceId).catch((err: unknown) => {
        this.deps.logger.warn({ err }, 'payment reference not confirmed by the provider');
        return null;
      });
      const mine =
        sub && (sub.userId === userId || (cur.providerCustomerId && sub.customerId === cur.providerCustomerId));
      if (sub && mine && ENTITLED.has(sub.status)) {
        const record = await this.deps.db.transaction(
          async (tx) => (await this.subs.applyProviderSubscription(tx, sub, { requestId }, userId))!,
        );
        return { record, requiresPayment: record.tier !== 'pro' };
      }
    }
    return { record: cur, requiresPayment: true };
  }

  /** PUT {tier:'free'}: the confirmed downgrade; the provider subscription ends now. */
  async downgrade(userId: string, requestId: string): Promise<SubscriptionRecord> {
    const cur = await this.subs.current(userId, requestId);
    if (cur.providerSubscriptionId) await this.provider.cancelSubscription(cur.providerSubscriptionId);
    return this.subs.downgrade(userId, requestId);
  }

  async checkout(
    userId: string,
    urls: { successUrl: string; cancelUrl: string },
    origin: string,
    requestId: string,
  ): Promise<{ url: string; sessionId: string }> {
    const cur = await this.subs.current(userId, requestId);
    if (cur.tier === 'pro' && cur.providerSubscriptionId && ENTITLED.has(cur.providerStatus ?? '')) {
      throw new HttpError(409, MESSAGES.alreadyPaid);
    }
    const user = await findUser(this.deps.db.pool, userId);
    return this.provider.createCheckout({
      userId,
      email: user?.email ?? null,
      customerId: cur.providerCustomerId,
      ...urls,
      // One free trial per user (the registration's or a first checkout's).
      trialDays: cur.trialUsed ? 0 : PLANS.pro.trialDays,
      origin,
    });
  }

  async portal(userId: string, origin: string, requestId: string): Promise<{ url: string }> {
    const cur = await this.subs.current(userId, requestId);
    if (!cur.providerCustomerId) throw new HttpError(409, MESSAGES.noCustomer);
    return this.provider.createPortal({
      customerId: cur.providerCustomerId,
      returnUrl: `${this.deps.appUrl(origin)}/stage/settings/subscription`,
      origin,
    });
  }

  async invoices(userId: string, origin: string, requestId: string): Promise<ProviderInvoice[]> {
    const cur = await this.subs.current(userId, requestId);
    return cur.providerCustomerId ? this.provider.listInvoices(cur.providerCustomerId, origin) : [];
  }

  async diagnostics(userId: string, requestId: string) {
    const cur = await this.subs.current(userId, requestId);
    const last = await lastWebhookAt(this.deps.db.pool);
    return {
      record: cur,
      provider: this.provider.name,
      entitlementSource: entitlementSource(cur),
      lastWebhookAt: last?.toISOString() ?? null,
      providerCustomerId: cur.providerCustomerId,
      providerSubscriptionId: cur.providerSubscriptionId,
      paymentFailedAt: cur.paymentFailedAt?.toISOString() ?? null,
      graceEndsAt: cur.paymentFailedAt
        ? new Date(cur.paymentFailedAt.getTime() + this.subs.graceMs).toISOString()
        : null,
      now: this.subs.now().toISOString(),
    };
  }

  /**
   * A provider webhook: verified on the raw body (forged → 400, nothing changes), recorded by event id
   * in the transaction of its effect (a replay changes nothing), then applied.
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean; type: string }> {
    if (!signature) throw new HttpError(400, MESSAGES.noSignature);
    let event: Stripe.Event;
    try {
      event = this.provider.verifyWebhook(rawBody, signature);
    } catch {
      throw new HttpError(400, MESSAGES.badSignature);
    }
    const object = event.data.object as unknown as Record<string, unknown>;
    // The subscription behind a checkout or a paid invoice is read from the provider as it is now,
    // so events arriving out of order still leave the latest state.
    let fetched: ProviderSubscription | null = null;
    const related =
      event.type === 'checkout.session.completed'
        ? idOf(object.subscription)
        : event.type === 'invoice.paid'
          ? subscriptionOfInvoice(event.data.object as Stripe.Invoice)
          : null;
    if (related) fetched = await this.provider.getSubscription(related);

    const meta = { causationId: event.id };
    const duplicate = await this.deps.db.transaction(async (tx) => {
      if (!(await claimWebhookEvent(tx, { id: event.id, type: event.type, created: new Date(event.created * 1000) }))) {
        return true;
      }
      switch (event.type) {
        case 'checkout.session.completed': {
          const meta2 = object.metadata as Record<string, string> | undefined;
          const userId = (object.client_reference_id as string | null) ?? meta2?.userId ?? null;
          const customer = idOf(object.customer);
          if (userId && customer) {
            const cur = await this.subs.locked(tx, userId, meta);
            if (!cur.providerCustomerId) await this.subs.save(tx, cur, { ...cur, providerCustomerId: customer }, meta);
          }
          if (fetched) await this.subs.applyProviderSubscription(tx, fetched, meta, userId);
          break;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const sub = fromStripeSubscription(event.data.object as Stripe.Subscription);
          await this.subs.applyProviderSubscription(
            tx,
            event.type.endsWith('deleted') ? { ...sub, status: 'canceled' } : sub,
            meta,
          );
          break;
        }
        case 'invoice.paid': {
          const subId = subscriptionOfInvoice(event.data.object as Stripe.Invoice);
          const userId = subId ? await userOfProviderSubscription(tx, subId) : undefined;
          if (userId) {
            const cur = await this.subs.locked(tx, userId, meta);
            await this.subs.save(tx, cur, { ...cur, paymentFailedAt: null }, meta);
          }
          if (fetched) await this.subs.applyProviderSubscription(tx, fetched, meta, userId);
          break;
        }
        case 'invoice.payment_failed': {
          const subId = subscriptionOfInvoice(event.data.object as Stripe.Invoice);
          const userId = subId ? await userOfProviderSubscription(tx, subId) : undefined;
          if (userId) {
            const cur = await this.subs.locked(tx, userId, meta);
            if (!cur.paymentFailedAt) {
              const failedAt = this.subs.now();
              await this.subs.save(tx, cur, { ...cur, paymentFailedAt: failedAt }, meta);
              // The user hears of it once per failure (a notification), in the transaction that starts the grace.
              await enqueueEvents(tx, [paymentFailed(userId, new Date(failedAt.getTime() + this.subs.graceMs), meta)]);
            }
          }
          break;
        }
        default:
          // Recorded, not acted on (Stripe sends many kinds to an endpoint subscribed to more).
          break;
      }
      return false;
    });
    return { duplicate, type: event.type };
  }

  /**
   * Runs what time has made due: the provider's renewals and expiries (local provider), accounts whose
   * Pro has run out (to Free, nothing deleted; a provider subscription whose payment failed past the
   * grace period is canceled there too), and the "trial ends in 3 days" mail, at most once.
   */
  async sweep(): Promise<{ expired: number; notices: number }> {
    const now = this.subs.now();
    await this.provider.runDue?.(now);
    let expired = 0;
    for (const userId of await possiblyExpired(this.deps.db.pool, now, this.subs.graceMs)) {
      const result = await this.deps.db.transaction((tx) => this.subs.expireIfDue(tx, userId, {}));
      if (!result.expired) continue;
      expired++;
      await this.afterExpiry(result.expired);
    }
    // Claimed with their events in one transaction: each trial's notice is announced exactly once.
    const notices = await this.deps.db.transaction(async (tx) => {
      const claimed = await claimTrialNotices(tx, now, TRIAL_NOTICE_MS);
      await enqueueEvents(
        tx,
        claimed.map((n) => trialEnding(n.userId, n.endDate)),
      );
      return claimed;
    });
    for (const n of notices) {
      await this.deps.mailer.send(trialEndingMail(n.email, n.name, n.endDate)).catch((err: unknown) => {
        this.deps.logger.error({ err, userId: n.userId }, 'trial notice not sent');
      });
    }
    return { expired, notices: notices.length };
  }

  /** Enterprise "Contact sales": stored, then mailed to sales; a few per email and address per hour. */
  async contactSales(input: Omit<Lead, 'id'>): Promise<string> {
    const now = this.subs.now();
    const counts = await recentLeads(this.deps.db.pool, input.email, input.address, new Date(now.getTime() - 3600_000));
    if (counts.byEmail >= LEADS_PER_EMAIL_PER_HOUR || counts.byAddress >= LEADS_PER_ADDRESS_PER_HOUR) {
      throw new HttpError(429, MESSAGES.tooManyLeads);
    }
    const lead = { ...input, id: randomUUID() };
    await insertLead(this.deps.db.pool, lead, now);
    // Stored first: a mail server that is down loses no lead (it is in the table).
    await this.deps.mailer.send(leadMail(this.deps.salesEmail, lead)).catch((err: unknown) => {
      this.deps.logger.error({ err, leadId: lead.id }, 'sales lead stored but not mailed');
    });
    return lead.id;
  }
}
