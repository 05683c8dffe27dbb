// The billing API of issue 16 (SPEC §7 Subscriptions): request bodies the billing service checks and
// the shapes it answers, so the frontend and the tests read the same names.
import { z } from 'zod';
import { EMAIL_PATTERN, EMAIL_REGEX } from './auth.js';
import { featureCheck, limits, subscription, subscriptionTier } from './entities.js';
import { FEATURES, PLANS, type FeatureId, type PlanId } from './plans.js';
import { safeLine, safeText, trimmedPattern } from './text.js';

export const DEFAULT_DENIED_MESSAGE = 'This feature requires a subscription upgrade.';

/** Names and descriptions of the feature ids the services check (SPEC §6). */
export const FEATURE_CATALOGUE: ReadonlyArray<{ id: FeatureId; name: string; description: string }> = [
  {
    id: FEATURES.projectAnalysis,
    name: 'Project analysis',
    description: 'Built-in analysis of a book: outline, characters and speakers.',
  },
  {
    id: FEATURES.characterAnalysis,
    name: 'Character analysis',
    description: 'Advanced AI analysis of each character: personality, arc, relationships, motivation.',
  },
  {
    id: FEATURES.voiceRecording,
    name: 'Voice samples',
    description: 'Record or upload voice samples per character.',
  },
];

/** The plans that have a feature, from the one catalogue. */
export function tiersWith(feature: FeatureId): PlanId[] {
  return (Object.keys(PLANS) as PlanId[]).filter((p) => PLANS[p].featureIds.includes(feature));
}

export const planId = z.enum(['free', 'pro', 'enterprise']);

/** A required one-line text (no control characters), documented with its pattern for fuzzers. */
const requiredLine = (label: string, max: number) =>
  safeLine(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .meta({ pattern: trimmedPattern('line', 1) });

/** PUT /api/subscriptions */
export const updateSubscriptionBody = z.strictObject({
  tier: subscriptionTier,
  paymentReferenceId: z.string().min(1).max(255).nullable().optional(),
});

/** POST /api/subscriptions/checkout: both URLs must be this app's own pages. */
export const checkoutBody = z.strictObject({
  successUrl: z.string().url().max(2000),
  cancelUrl: z.string().url().max(2000),
});

/** POST /api/subscriptions/contact-sales (Enterprise). */
export const contactSalesBody = z.strictObject({
  name: requiredLine('Name', 200),
  // The rule sign-up checks (EMAIL_REGEX), documented as its pattern.
  email: z
    .string({ error: 'Please enter a valid email' })
    .trim()
    .max(254, 'Please enter a valid email')
    .meta({ pattern: EMAIL_PATTERN })
    .pipe(z.email({ error: 'Please enter a valid email', pattern: EMAIL_REGEX })),
  company: requiredLine('Company', 200),
  seats: z.number().int('Seats must be a whole number').min(1, 'Seats must be at least 1').max(1_000_000),
  message: safeText('message').trim().max(5000, 'The message must be at most 5000 characters').default(''),
});

/** POST /api/subscriptions/test-clock (only with BILLING_TEST_CLOCK=true). */
export const testClockBody = z.strictObject({
  advanceDays: z.number().positive().max(3650),
});

export const subscriptionDetail = subscription.extend({
  isTrial: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
});
export const usage = z.object({
  projects: z.number().int().nonnegative(),
  storageBytes: z.number().int().nonnegative(),
});
export const subscriptionAnswer = z.object({ subscription: subscriptionDetail, limits, usage });
export const updateSubscriptionAnswer = z.object({
  subscription: subscriptionDetail,
  limits,
  /** True when the user must pay first (checkout): nothing changed. */
  requiresPayment: z.boolean(),
});
export const featureInfo = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tiers: z.array(planId),
});
export const featuresAnswer = z.object({ features: z.array(featureInfo.extend({ allowed: z.boolean() })) });
export const featureAnswer = featureCheck.extend({ feature: featureInfo });
export const comparisonAnswer = z.object({
  plans: z.array(z.object({ id: planId, name: z.string(), price: z.string() })),
  rows: z.array(
    z.object({
      feature: z.string(),
      values: z.object({
        free: z.union([z.string(), z.boolean()]),
        pro: z.union([z.string(), z.boolean()]),
        enterprise: z.union([z.string(), z.boolean()]),
      }),
    }),
  ),
});
export const checkoutAnswer = z.object({ url: z.string(), sessionId: z.string() });
export const portalAnswer = z.object({ url: z.string() });
export const invoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  url: z.string().nullable(),
});
export const invoicesAnswer = z.object({ invoices: z.array(invoice) });
export const diagnosticsAnswer = z.object({
  provider: z.enum(['local', 'stripe']),
  subscription: subscriptionDetail,
  entitlementSource: z.enum(['none', 'registration-trial', 'provider']),
  lastWebhookAt: z.string().nullable(),
  providerCustomerId: z.string().nullable(),
  providerSubscriptionId: z.string().nullable(),
  paymentFailedAt: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  now: z.string(),
  testClock: z.boolean(),
});
export const leadAnswer = z.object({ leadId: z.string() });
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswer>;
export type Invoice = z.infer<typeof invoice>;
