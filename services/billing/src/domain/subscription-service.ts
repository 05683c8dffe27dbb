// The subscription row is the one entitlement the app reads. This module changes it: created as the
// Free default when the registration event has not arrived yet (the user's own screen must not wait
// for the bus; the event upgrades it later), returned to Free when Pro runs out (checked on every
// read and by the sweeper), and set from the payment provider's subscription. Every change of tier or
// status goes out as subscription.changed.v1 through the outbox, in the same transaction.
import { enqueueEvents, type Database, type Queryable } from '@castbook/platform';
import { findSubscription, insertSubscription, replaceSubscription, userOfCustomer } from '../db/subscriptions.js';
import { subscriptionChanged } from '../events/subscription-events.js';
import { ENTITLED, type ProviderSubscription } from '../payments/provider.js';
import { systemClock, type Clock } from './clock.js';
import { DAY_MS, expiryReason, freeSubscription, type SubscriptionRecord } from './subscriptions.js';

/** How long a failed renewal keeps Pro before the account returns to Free (docs/decisions.md). */
export const DEFAULT_GRACE_MS = 7 * DAY_MS;

type Meta = Record<string, string>;

/** Pro that ran out: why, and the record as it was. */
export interface Expiry {
  reason: string;
  previous: SubscriptionRecord;
}

/** Whether subscription.changed.v1 (tier, status, limits, features) has something new to say. */
function changed(a: SubscriptionRecord, b: SubscriptionRecord): boolean {
  return a.tier !== b.tier || a.status !== b.status;
}

/** Free again, keeping what ties the user to the provider and that the trial was used. */
export function backToFree(s: SubscriptionRecord, now: Date): SubscriptionRecord {
  return {
    ...freeSubscription(s.userId, now, s.origin),
    providerCustomerId: s.providerCustomerId,
    providerStatus: s.providerStatus,
    trialUsed: s.trialUsed,
    trialNoticeSentAt: s.trialNoticeSentAt,
  };
}

/** The record after the provider's subscription `sub` (trialing, active, past_due grant Pro). */
export function withProviderSubscription(
  cur: SubscriptionRecord,
  sub: ProviderSubscription,
  now: Date,
): SubscriptionRecord {
  // past_due only continues Pro this subscription already gave: once the grace period has ended it,
  // a later failed renewal of the same subscription must not start it again.
  const continues = cur.tier === 'pro' && cur.providerSubscriptionId === sub.id;
  if (ENTITLED.has(sub.status) && (sub.status !== 'past_due' || continues)) {
    const trialing = sub.status === 'trialing';
    return {
      ...cur,
      tier: 'pro',
      status: 'active',
      startDate: continues ? cur.startDate : now,
      endDate: sub.currentPeriodEnd ?? sub.trialEnd ?? cur.endDate,
      isTrial: trialing,
      paymentReferenceId: sub.id,
      providerCustomerId: sub.customerId,
      providerSubscriptionId: sub.id,
      providerStatus: sub.status,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      paymentFailedAt: sub.status === 'past_due' ? (cur.paymentFailedAt ?? now) : null,
      trialUsed: cur.trialUsed || trialing,
    };
  }
  if (['canceled', 'incomplete_expired', 'unpaid'].includes(sub.status)) {
    // An old subscription ending says nothing about the current one.
    if (cur.providerSubscriptionId !== sub.id)
      return { ...cur, providerCustomerId: cur.providerCustomerId ?? sub.customerId };
    return { ...backToFree(cur, now), providerCustomerId: sub.customerId, providerStatus: sub.status };
  }
  // incomplete, paused: nothing paid yet; only the customer is linked.
  return { ...cur, providerCustomerId: cur.providerCustomerId ?? sub.customerId };
}

export class Subscriptions {
  constructor(
    private readonly db: Database,
    readonly clock: Clock = systemClock,
    readonly graceMs: number = DEFAULT_GRACE_MS,
  ) {}

  /**
   * Called after an expiry is committed (the payments side cancels a lapsed provider subscription),
   * whether a read or the sweeper found it.
   */
  onExpired: ((expired: Expiry) => Promise<void>) | undefined;

  now(): Date {
    return this.clock.now();
  }

  /** The user's subscription, returned to Free first if its Pro has run out. */
  async current(userId: string, requestId: string): Promise<SubscriptionRecord> {
    const found = await findSubscription(this.db.pool, userId);
    if (found && !expiryReason(found, this.now(), this.graceMs)) return found;
    const { record, expired } = await this.db.transaction((tx) => this.expireIfDue(tx, userId, { requestId }));
    if (expired) await this.onExpired?.(expired);
    return record;
  }

  /** Under a lock: creates the Free default when missing, returns to Free when Pro has run out. */
  async expireIfDue(
    tx: Queryable,
    userId: string,
    meta: Meta,
  ): Promise<{ record: SubscriptionRecord; expired?: Expiry }> {
    const now = this.now();
    const current = await this.locked(tx, userId, meta);
    const reason = expiryReason(current, now, this.graceMs);
    if (!reason) return { record: current };
    const ended = backToFree(current, now);
    await replaceSubscription(tx, ended, now);
    await enqueueEvents(tx, [subscriptionChanged(ended, meta)]);
    return { record: ended, expired: { reason, previous: current } };
  }

  /** The user's row, locked; the Free default is created (and announced) when there is none. */
  async locked(tx: Queryable, userId: string, meta: Meta): Promise<SubscriptionRecord> {
    const now = this.now();
    const fallback = freeSubscription(userId, now, 'default');
    if (await insertSubscription(tx, fallback, now)) {
      await enqueueEvents(tx, [subscriptionChanged(fallback, meta)]);
      return fallback;
    }
    return (await findSubscription(tx, userId, true))!;
  }

  /** Writes `next` over `cur` and announces it when tier, status or trial changed. */
  async save(
    tx: Queryable,
    cur: SubscriptionRecord,
    next: SubscriptionRecord,
    meta: Meta,
  ): Promise<SubscriptionRecord> {
    await replaceSubscription(tx, next, this.now());
    if (changed(cur, next)) await enqueueEvents(tx, [subscriptionChanged(next, meta)]);
    return next;
  }

  /** Applies the provider's subscription to its user (from its metadata, else its customer). */
  async applyProviderSubscription(
    tx: Queryable,
    sub: ProviderSubscription,
    meta: Meta,
    userHint?: string | null,
  ): Promise<SubscriptionRecord | undefined> {
    const userId = sub.userId ?? userHint ?? (await userOfCustomer(tx, sub.customerId));
    if (!userId) return undefined;
    const cur = await this.locked(tx, userId, meta);
    return this.save(tx, cur, withProviderSubscription(cur, sub, this.now()), meta);
  }

  /** A confirmed downgrade: Free now (the provider subscription is canceled by the caller first). */
  async downgrade(userId: string, requestId: string): Promise<SubscriptionRecord> {
    return this.db.transaction(async (tx) => {
      const meta = { requestId };
      const cur = await this.locked(tx, userId, meta);
      if (cur.tier === 'free') return cur;
      return this.save(tx, cur, backToFree(cur, this.now()), meta);
    });
  }
}
