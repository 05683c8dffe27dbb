// subscription.changed.v1 (billing.events), written to the outbox in the transaction of the change.
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
