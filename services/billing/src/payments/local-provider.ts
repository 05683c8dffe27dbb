// The local payment provider (embedded mode and tests: no Stripe keys). Same interface as Stripe's,
// its customers, subscriptions, invoices and sessions in billing's own database, checkout and portal
// pages served by billing under /pay/*, and the SAME webhook events Stripe would send (Stripe's event
// JSON, signed with stripe.webhooks.generateTestHeaderString and this provider's secret), delivered to
// the one webhook handler, which verifies them with constructEvent like any other. Time comes from
// billing's clock, so a test can move past a trial or a billing period.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { PLANS } from '@castbook/contracts';
import type { Database, Queryable } from '@castbook/platform';
import * as store from '../db/local-payments.js';
import type { LocalCustomer, LocalInvoice, LocalSubscription } from '../db/local-payments.js';
import type { Clock } from '../domain/clock.js';
import type { CheckoutInput, PaymentProvider, ProviderInvoice, ProviderSubscription } from './provider.js';
import { checkCard, DECLINED, isEmptyCard, type CardForm } from './test-cards.js';

const DAY = 24 * 60 * 60 * 1000;
const CHECKOUT_TTL = DAY;
const PORTAL_TTL = 60 * 60 * 1000;
const PRICE_CENTS = PLANS.pro.priceMonthlyUsd * 100;
const CURRENCY = 'usd';
/** A subscription far behind the clock renews at most this many periods in one run. */
const MAX_PERIODS_PER_RUN = 36;

/** Receives a signed event: the webhook route's own handler. */
export type WebhookSink = (rawBody: Buffer, signature: string) => Promise<void>;

interface PendingEvent {
  type: string;
  object: Record<string, unknown>;
}

export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'refused'; message: string; field: keyof CardForm | null }
  | { kind: 'gone' };

export type PortalOutcome = { kind: 'done'; notice: string } | { kind: 'refused'; message: string } | { kind: 'gone' };

export interface PortalView {
  sessionId: string;
  returnUrl: string;
  customer: LocalCustomer;
  subscription: LocalSubscription | undefined;
  invoices: LocalInvoice[];
}

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

function addMonth(d: Date): Date {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function stripeSubscriptionJson(s: LocalSubscription) {
  const period = { current_period_start: unix(s.currentPeriodStart), current_period_end: unix(s.currentPeriodEnd) };
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: unix(s.canceledAt),
    trial_end: unix(s.trialEnd),
    created: unix(s.createdAt),
    start_date: unix(s.createdAt),
    livemode: false,
    metadata: { userId: s.userId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          quantity: 1,
          ...period,
          price: {
            id: 'price_local_pro',
            object: 'price',
            unit_amount: PRICE_CENTS,
            currency: CURRENCY,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

function stripeInvoiceJson(i: LocalInvoice) {
  return {
    id: i.id,
    object: 'invoice',
    number: i.number,
    customer: i.customerId,
    status: i.status,
    currency: i.currency,
    amount_due: i.amountCents,
    amount_paid: i.status === 'paid' ? i.amountCents : 0,
    created: unix(i.createdAt),
    period_start: unix(i.periodStart),
    period_end: unix(i.periodEnd),
    hosted_invoice_url: null,
    livemode: false,
    parent: { type: 'subscription_details', subscription_details: { subscription: i.subscriptionId } },
  };
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  private sink: WebhookSink | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** The secret its events are signed with (and the webhook route verifies them with). */
    private readonly webhookSecret: string,
  ) {}

  /** Where its events go: the webhook route's handler (set once the routes exist). */
  connect(sink: WebhookSink): void {
    this.sink = sink;
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string; sessionId: string }> {
    const now = this.clock.now();
    const id = newId('cs');
    await store.insertCheckoutSession(this.db.pool, {
      id,
      userId: input.userId,
      email: input.email,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      trialDays: input.trialDays,
      status: 'open',
      subscriptionId: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL),
    });
    return { url: `${input.origin}/pay/checkout/${id}`, sessionId: id };
  }

  async createPortal(input: { customerId: string; returnUrl: string; origin: string }): Promise<{ url: string }> {
    if (!(await store.findCustomer(this.db.pool, input.customerId))) throw new Error('No such customer');
    const id = newId('bps');
    await store.insertPortalSession(this.db.pool, {
      id,
      customerId: input.customerId,
      returnUrl: input.returnUrl,
      expiresAt: new Date(this.clock.now().getTime() + PORTAL_TTL),
    });
    return { url: `${input.origin}/pay/portal/${id}` };
  }

  async listInvoices(customerId: string, origin: string): Promise<ProviderInvoice[]> {
    return (await store.invoicesOf(this.db.pool, customerId)).map((i) => ({
      id: i.id,
      number: i.number,
      date: i.createdAt,
      amountCents: i.amountCents,
      currency: i.currency,
      status: i.status,
      url: `${origin}/pay/invoices/${i.id}`,
    }));
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    const s = await store.findSubscription(this.db.pool, id);
    if (!s) return null;
    return {
      id: s.id,
      customerId: s.customerId,
      userId: s.userId,
      status: s.status,
      trialEnd: s.trialEnd,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    };
  }

  async cancelSubscription(id: string): Promise<void> {
    const events = await this.db.transaction(async (tx) => {
      const s = await store.findSubscription(tx, id, true);
      if (!s || s.status === 'canceled') return [];
      const ended = { ...s, status: 'canceled', canceledAt: this.clock.now() };
      await store.saveSubscription(tx, ended);
      return [{ type: 'customer.subscription.deleted', object: stripeSubscriptionJson(ended) }];
    });
    await this.send(events);
  }

  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return Stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }

  /** Renews what is due by `now`, ends what was canceled at period end or a trial without a card. */
  async runDue(now: Date): Promise<void> {
    for (;;) {
      const { events, count } = await this.db.transaction(async (tx) => {
        const due = await store.dueSubscriptions(tx, now);
        const out: PendingEvent[] = [];
        for (const s of due) out.push(...(await this.advance(tx, s, now)));
        return { events: out, count: due.length };
      });
      await this.send(events);
      if (count === 0) return;
    }
  }

  private async advance(tx: Queryable, start: LocalSubscription, now: Date): Promise<PendingEvent[]> {
    const customer = (await store.findCustomer(tx, start.customerId))!;
    const events: PendingEvent[] = [];
    let s = { ...start };
    for (let i = 0; i < MAX_PERIODS_PER_RUN && s.currentPeriodEnd <= now; i++) {
      const end = s.currentPeriodEnd;
      if (s.cancelAtPeriodEnd || (s.status === 'trialing' && !customer.cardLast4)) {
        // Canceled at period end, or a trial ending without a card (Stripe: missing_payment_method=cancel).
        s = { ...s, status: 'canceled', canceledAt: end };
        await store.saveSubscription(tx, s);
        events.push({ type: 'customer.subscription.deleted', object: stripeSubscriptionJson(s) });
        return events;
      }
      const next = addMonth(end);
      const paid = !customer.cardFails;
      const invoice = await store.insertInvoice(tx, {
        id: newId('in'),
        customerId: s.customerId,
        subscriptionId: s.id,
        amountCents: PRICE_CENTS,
        currency: CURRENCY,
        status: paid ? 'paid' : 'open',
        periodStart: end,
        periodEnd: next,
        createdAt: end,
      });
      // Stripe moves the period on either way; an unpaid one leaves the subscription past_due.
      s = {
        ...s,
        status: paid ? 'active' : 'past_due',
        trialEnd: s.trialEnd,
        currentPeriodStart: end,
        currentPeriodEnd: next,
      };
      await store.saveSubscription(tx, s);
      events.push({ type: paid ? 'invoice.paid' : 'invoice.payment_failed', object: stripeInvoiceJson(invoice) });
    }
    events.push({ type: 'customer.subscription.updated', object: stripeSubscriptionJson(s) });
    return events;
  }

  // ------------------------------------------------------------------ pages (/pay/*)

  async checkoutSession(id: string) {
    const s = await store.findCheckoutSession(this.db.pool, id);
    if (!s || s.status !== 'open' || s.expiresAt <= this.clock.now()) return undefined;
    return s;
  }

  /** The checkout form was sent: a subscription starts, or the card is refused and nothing changes. */
  async submitCheckout(id: string, form: CardForm): Promise<CheckoutOutcome> {
    const now = this.clock.now();
    const result = await this.db.transaction(
      async (tx): Promise<{ outcome: CheckoutOutcome; events: PendingEvent[] }> => {
        const session = await store.findCheckoutSession(tx, id, true);
        if (!session || session.status !== 'open' || session.expiresAt <= now)
          return { outcome: { kind: 'gone' }, events: [] };
        const trial = session.trialDays > 0;
        const noCard = trial && isEmptyCard(form);
        const check = noCard ? undefined : checkCard(form, now);
        if (check && !check.ok) return { outcome: { kind: 'refused', ...check }, events: [] };
        const card = check?.ok ? check.card : undefined;
        // Paying now with a card whose charges fail is a decline at checkout, as on Stripe.
        if (!trial && card?.fails) return { outcome: { kind: 'refused', message: DECLINED, field: null }, events: [] };

        let customer = await store.findCustomerOfUser(tx, session.userId);
        const cardFields = {
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          cardExp: card?.exp ?? null,
          cardName: card?.name ?? null,
          cardFails: card?.fails ?? false,
        };
        if (!customer) {
          customer = { id: newId('cus'), userId: session.userId, email: session.email, ...cardFields };
          await store.insertCustomer(tx, customer, now);
        } else if (card) {
          await store.updateCard(tx, customer.id, cardFields);
          customer = { ...customer, ...cardFields };
        }
        if (await store.liveSubscriptionOf(tx, customer.id)) {
          return {
            outcome: { kind: 'refused', message: 'You already have a Castbook Pro subscription.', field: null },
            events: [],
          };
        }
        const end = trial ? new Date(now.getTime() + session.trialDays * DAY) : addMonth(now);
        const sub: LocalSubscription = {
          id: newId('sub'),
          customerId: customer.id,
          userId: session.userId,
          status: trial ? 'trialing' : 'active',
          trialEnd: trial ? end : null,
          currentPeriodStart: now,
          currentPeriodEnd: end,
          cancelAtPeriodEnd: false,
          canceledAt: null,
          createdAt: now,
        };
        await store.insertSubscription(tx, sub);
        const events: PendingEvent[] = [{ type: 'customer.subscription.created', object: stripeSubscriptionJson(sub) }];
        if (!trial) {
          const invoice = await store.insertInvoice(tx, {
            id: newId('in'),
            customerId: customer.id,
            subscriptionId: sub.id,
            amountCents: PRICE_CENTS,
            currency: CURRENCY,
            status: 'paid',
            periodStart: now,
            periodEnd: end,
            createdAt: now,
          });
          events.push({ type: 'invoice.paid', object: stripeInvoiceJson(invoice) });
        }
        await store.completeCheckoutSession(tx, session.id, sub.id);
        events.push({
          type: 'checkout.session.completed',
          object: {
            id: session.id,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'complete',
            payment_status: trial ? 'no_payment_required' : 'paid',
            client_reference_id: session.userId,
            customer: customer.id,
            subscription: sub.id,
            metadata: { userId: session.userId },
            success_url: session.successUrl,
            cancel_url: session.cancelUrl,
            livemode: false,
          },
        });
        const url = session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
        return { outcome: { kind: 'redirect', url }, events };
      },
    );
    // Delivered before the browser is sent back, so the app it returns to already shows Pro.
    await this.send(result.events);
    return result.outcome;
  }

  async portal(id: string): Promise<PortalView | undefined> {
    const session = await store.findPortalSession(this.db.pool, id);
    if (!session || session.expiresAt <= this.clock.now()) return undefined;
    const customer = await store.findCustomer(this.db.pool, session.customerId);
    if (!customer) return undefined;
    return {
      sessionId: id,
      returnUrl: session.returnUrl,
      customer,
      subscription: await store.liveSubscriptionOf(this.db.pool, customer.id),
      invoices: await store.invoicesOf(this.db.pool, customer.id),
    };
  }

  /** Cancel at period end (true) or keep it after all (false). */
  async portalSetCancel(id: string, cancel: boolean): Promise<PortalOutcome> {
    const view = await this.portal(id);
    if (!view) return { kind: 'gone' };
    const events = await this.db.transaction(async (tx) => {
      const s = await store.liveSubscriptionOf(tx, view.customer.id, true);
      if (!s || s.cancelAtPeriodEnd === cancel) return [];
      const changed = { ...s, cancelAtPeriodEnd: cancel, canceledAt: cancel ? this.clock.now() : null };
      await store.saveSubscription(tx, changed);
      return [{ type: 'customer.subscription.updated', object: stripeSubscriptionJson(changed) }];
    });
    if (events.length === 0) return { kind: 'refused', message: 'There is no subscription to change.' };
    await this.send(events);
    return {
      kind: 'done',
      notice: cancel
        ? 'Your subscription will end at the end of the current period.'
        : 'Your subscription will renew as usual.',
    };
  }

  async portalUpdateCard(id: string, form: CardForm): Promise<PortalOutcome> {
    const view = await this.portal(id);
    if (!view) return { kind: 'gone' };
    const check = checkCard(form, this.clock.now());
    if (!check.ok) return { kind: 'refused', message: check.message };
    const { card } = check;
    await store.updateCard(this.db.pool, view.customer.id, {
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExp: card.exp,
      cardName: card.name,
      cardFails: card.fails,
    });
    return { kind: 'done', notice: `Card updated: ${card.brand} ending in ${card.last4}.` };
  }

  async invoice(id: string) {
    return store.findInvoice(this.db.pool, id);
  }

  private async send(events: PendingEvent[]): Promise<void> {
    if (!this.sink) throw new Error('the local payment provider is not connected to the webhook handler');
    for (const e of events) {
      const payload = JSON.stringify({
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: unix(this.clock.now()),
        type: e.type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: e.object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
      await this.sink(Buffer.from(payload), signature);
    }
  }
}
