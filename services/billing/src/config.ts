// Environment of the billing service, validated at boot.
import { z } from 'zod';
import { baseServiceConfig } from '@castbook/platform';

export const billingConfig = baseServiceConfig.extend({
  /** Auth's public keys, to verify callers' tokens (the launcher sets it when auth runs in-process). */
  AUTH_JWKS_URL: z.string().url(),
});
export type BillingConfig = z.infer<typeof billingConfig>;
