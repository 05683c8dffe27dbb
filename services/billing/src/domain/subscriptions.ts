// Subscription rules (PRODUCT.md): Free by default; Pro chosen at registration starts a 14-day trial
// (status active, endDate = trial end); a trial that ends unpaid returns to Free. Limits and
// features come from the one plan catalogue in packages/contracts.
import { PLANS, type Limits, type Subscription, type SubscriptionTier } from '@castbook/contracts';

export interface SubscriptionRecord {
  userId: string;
  tier: SubscriptionTier;
  status: Subscription['status'];
  startDate: Date;
  endDate: Date | null;
  isTrial: boolean;
  paymentReferenceId: string | null;
  origin: 'registration' | 'default';
}

const DAY = 24 * 60 * 60 * 1000;

/** The Free plan, active from `start`. */
export function freeSubscription(
  userId: string,
  start: Date,
  origin: SubscriptionRecord['origin'],
): SubscriptionRecord {
  return {
    userId,
    tier: 'free',
    status: 'active',
    startDate: start,
    endDate: null,
    isTrial: false,
    paymentReferenceId: null,
    origin,
  };
}

/** What registering with `tier` gives: Free, or Pro on trial until start + trialDays. */
export function subscriptionAtRegistration(userId: string, tier: SubscriptionTier, start: Date): SubscriptionRecord {
  if (tier === 'free') return freeSubscription(userId, start, 'registration');
  return {
    userId,
    tier: 'pro',
    status: 'active',
    startDate: start,
    endDate: new Date(start.getTime() + PLANS.pro.trialDays * DAY),
    isTrial: true,
    paymentReferenceId: null,
    origin: 'registration',
  };
}

/** A trial past its end without payment has returned to Free (nothing the user made is deleted). */
export function trialHasEnded(s: SubscriptionRecord, now: Date): boolean {
  return s.isTrial && s.paymentReferenceId === null && s.endDate !== null && s.endDate.getTime() <= now.getTime();
}

export function limitsOf(tier: SubscriptionTier): Limits {
  return PLANS[tier].limits;
}

/** Feature ids (e.g. 'characters:analysis') the tier unlocks; services check these. */
export function featuresOf(tier: SubscriptionTier): string[] {
  return [...PLANS[tier].featureIds];
}

/** SPEC §3's subscription shape plus whether it is a trial. */
export function subscriptionView(s: SubscriptionRecord): Subscription & { isTrial: boolean } {
  return {
    tier: s.tier,
    status: s.status,
    startDate: s.startDate.toISOString(),
    endDate: s.endDate?.toISOString() ?? null,
    paymentReferenceId: s.paymentReferenceId,
    features: featuresOf(s.tier),
    isTrial: s.isTrial,
  };
}
