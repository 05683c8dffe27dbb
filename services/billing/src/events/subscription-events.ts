// subscription.changed.v1 and the user's notices (trial ending, payment failed) on billing.events,
// written to the outbox in the transaction of the change.
import { newEvent } from '@castbook/platform';
import { featuresOf, limitsOf, type SubscriptionRecord } from '../domain/subscriptions.js';

export function subscriptionChanged(s: SubscriptionRecord, meta: Record<string, string> = {}) {
  return newEvent(
    'subscription.changed.v1',
    s.userId,
    s.userId,
    { userId: s.userId, tier: s.tier, status: s.status, limits: limitsOf(s.tier), features: featuresOf(s.tier) },
    meta,
  );
}

/** The trial ends within 3 days: the projects service turns it into the user's notification. */
export function trialEnding(userId: string, endsAt: Date) {
  return newEvent('subscription.trial_ending.v1', userId, userId, { userId, endsAt: endsAt.toISOString() });
}

/** A payment failed and the grace period started: Pro ends at `graceEndsAt` unless the card is fixed. */
export function paymentFailed(userId: string, graceEndsAt: Date, meta: Record<string, string> = {}) {
  return newEvent(
    'subscription.payment_failed.v1',
    userId,
    userId,
    { userId, graceEndsAt: graceEndsAt.toISOString() },
    meta,
  );
}
