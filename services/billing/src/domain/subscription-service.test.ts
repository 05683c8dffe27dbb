import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from '../payments/provider.js';
import { backToFree, withProviderSubscription } from './subscription-service.js';
import { freeSubscription, subscriptionAtRegistration } from './subscriptions.js';

const now = new Date('2026-05-01T00:00:00Z');
const periodEnd = new Date('2026-06-01T00:00:00Z');
const sub = (status: string, id = 'sub_1'): ProviderSubscription => ({
  id,
  customerId: 'cus_1',
  userId: 'u1',
  status,
  trialEnd: null,
  currentPeriodEnd: periodEnd,
  cancelAtPeriodEnd: false,
});

describe('a provider subscription applied to the entitlement', () => {
  const free = freeSubscription('u1', new Date('2026-01-01T00:00:00Z'), 'registration');

  it('trialing and active give Pro with the period end; trialing is a trial', () => {
    expect(withProviderSubscription(free, sub('trialing'), now)).toMatchObject({
      tier: 'pro',
      isTrial: true,
      endDate: periodEnd,
      providerSubscriptionId: 'sub_1',
      paymentReferenceId: 'sub_1',
      trialUsed: true,
    });
    expect(withProviderSubscription(free, sub('active'), now)).toMatchObject({ tier: 'pro', isTrial: false });
  });

  it('past_due keeps Pro it already gave (grace starts), but never starts it', () => {
    const pro = withProviderSubscription(free, sub('active'), now);
    const late = withProviderSubscription(pro, sub('past_due'), now);
    expect(late).toMatchObject({ tier: 'pro', paymentFailedAt: now, startDate: pro.startDate });
    const ended = backToFree(late, now);
    expect(withProviderSubscription(ended, sub('past_due'), now).tier).toBe('free');
    expect(withProviderSubscription(free, sub('past_due'), now).tier).toBe('free');
  });

  it('canceled ends Pro only when it is the current subscription', () => {
    const pro = withProviderSubscription(free, sub('active', 'sub_new'), now);
    expect(withProviderSubscription(pro, sub('canceled', 'sub_old'), now).tier).toBe('pro');
    expect(withProviderSubscription(pro, sub('canceled', 'sub_new'), now)).toMatchObject({
      tier: 'free',
      providerSubscriptionId: null,
      providerCustomerId: 'cus_1',
    });
  });

  it('incomplete links the customer and grants nothing', () => {
    const trial = subscriptionAtRegistration('u1', 'pro', now);
    expect(withProviderSubscription(trial, sub('incomplete'), now)).toMatchObject({
      tier: 'pro',
      isTrial: true,
      providerSubscriptionId: null,
      providerCustomerId: 'cus_1',
    });
    expect(withProviderSubscription(free, sub('incomplete'), now).tier).toBe('free');
  });
});
