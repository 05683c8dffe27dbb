// Environment of the authors service, validated at boot.
import { z } from 'zod';
import { baseServiceConfig } from '@castbook/platform';

export const authorsConfig = baseServiceConfig.extend({
  /** Auth's public keys, to verify callers' tokens (the launcher sets it when auth runs in-process). */
  AUTH_JWKS_URL: z.string().url(),
  /**
   * Billing, asked for a user's storage limit before its subscription.changed.v1 has arrived; unset,
   * the Free plan's limit applies until then. The launcher starts authors after billing and passes it.
   */
  BILLING_URL: z.string().url().optional(),
  /** Largest accepted avatar, in bytes. */
  MAX_AVATAR_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
});
export type AuthorsConfig = z.infer<typeof authorsConfig>;
