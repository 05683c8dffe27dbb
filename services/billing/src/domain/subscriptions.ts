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
  /** The payment provider's customer and subscription linked to this user (null before checkout). */
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  /** The provider's own status word (trialing, active, past_due, canceled, ...). */
  providerStatus: string | null;
  cancelAtPeriodEnd: boolean;
  /** When a renewal payment first failed; cleared by a paid invoice. */
  paymentFailedAt: Date | null;
  trialUsed: boolean;
  trialNoticeSentAt: Date | null;
}

/** The fields a new record starts with before any payment. */
export const NO_PAYMENT = {
  providerCustomerId: null,
  providerSubscriptionId: null,
  providerStatus: null,
  cancelAtPeriodEnd: false,
  paymentFailedAt: null,
  trialUsed: false,
  trialNoticeSentAt: null,
} as const;

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
    ...NO_PAYMENT,
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
    ...NO_PAYMENT,
    trialUsed: true,
  };
}

export const DAY_MS = DAY;

/**
 * Why a Pro entitlement has run out at `now`, or undefined while it holds. Nothing the user made is
 * deleted when it does: the account returns to Free and projects over the limit turn read-only.
 *  - a trial without a provider subscription (the registration's) past its end;
 *  - a provider subscription canceled at period end, past that end;
 *  - a renewal payment that failed longer than the grace period ago;
 *  - a provider subscription whose period ended more than the grace period ago with no renewal heard
 *    of (a lost webhook must not keep Pro forever).
 */
export function expiryReason(s: SubscriptionRecord, now: Date, graceMs: number): string | undefined {
  if (s.tier !== 'pro') return undefined;
  const t = now.getTime();
  const end = s.endDate?.getTime();
  if (!s.providerSubscriptionId) {
    return end !== undefined && end <= t ? (s.isTrial ? 'trial ended' : 'period ended') : undefined;
  }
  if (s.cancelAtPeriodEnd && end !== undefined && end <= t) return 'canceled at period end';
  if (s.paymentFailedAt && s.paymentFailedAt.getTime() + graceMs <= t) return 'payment failed past the grace period';
  if (end !== undefined && end + graceMs <= t) return 'period ended without renewal';
  return undefined;
}

/** Where Pro comes from: nowhere (Free), the registration's trial, or the payment provider. */
export function entitlementSource(s: SubscriptionRecord): 'none' | 'registration-trial' | 'provider' {
  if (s.tier !== 'pro') return 'none';
  return s.providerSubscriptionId ? 'provider' : 'registration-trial';
}

export function limitsOf(tier: SubscriptionTier): Limits {
  return PLANS[tier].limits;
}

/** Feature ids (e.g. 'characters:analysis') the tier unlocks; services check these. */
export function featuresOf(tier: SubscriptionTier): string[] {
  return [...PLANS[tier].featureIds];
}

/** SPEC §3's subscription shape plus whether it is a trial and ends at the period's end. */
export function subscriptionView(
  s: SubscriptionRecord,
): Subscription & { isTrial: boolean; cancelAtPeriodEnd: boolean } {
  return {
    tier: s.tier,
    status: s.status,
    startDate: s.startDate.toISOString(),
    endDate: s.endDate?.toISOString() ?? null,
    paymentReferenceId: s.paymentReferenceId,
    features: featuresOf(s.tier),
    isTrial: s.isTrial,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  };
}
