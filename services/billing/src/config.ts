// Environment of the billing service, validated at boot.
import { z } from 'zod';
import { baseServiceConfig, mailerConfig } from '@castbook/platform';

const flag = z.enum(['true', 'false']).default('false');

export const billingConfig = baseServiceConfig
  .extend({
    /** Auth's public keys, to verify callers' tokens (the launcher sets it when auth runs in-process). */
    AUTH_JWKS_URL: z.string().url(),
    ...mailerConfig.shape,
    /** Stripe (all three set) or, when STRIPE_SECRET_KEY is unset, the local payment provider. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_PRO: z.string().min(1).optional(),
    /** Another Stripe API host, e.g. http://127.0.0.1:12111 for stripe-mock. */
    STRIPE_API_BASE: z.string().url().optional(),
    /** The local provider's signing secret; unset, a random one per process. */
    LOCAL_PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** The app's public origin (checkout return URLs must be on it); unset, the request's own origin. */
    PUBLIC_URL: z.string().url().optional(),
    /** POST /api/subscriptions/test-clock moves billing's clock (the e2e stack; never production). */
    BILLING_TEST_CLOCK: flag,
    /** Days a failed renewal keeps Pro before the account returns to Free. */
    PAYMENT_GRACE_DAYS: z.coerce.number().min(0).max(60).default(7),
    /** How often expiries, renewals and trial notices run (they also run on each read). */
    BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Where Enterprise "Contact sales" leads are mailed. */
    SALES_EMAIL: z.string().email().default('sales@castbook.local'),
  })
  .superRefine((c, ctx) => {
    if (c.STRIPE_SECRET_KEY && (!c.STRIPE_WEBHOOK_SECRET || !c.STRIPE_PRICE_PRO)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'with STRIPE_SECRET_KEY set, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_PRO are needed too',
      });
    }
  });
export type BillingConfig = z.infer<typeof billingConfig>;
