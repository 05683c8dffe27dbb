// Environment of the authors service, validated at boot.
import { z } from 'zod';
import { baseServiceConfig } from '@castbook/platform';

export const authorsConfig = baseServiceConfig.extend({
  /** Auth's public keys, to verify callers' tokens (the launcher sets it when auth runs in-process). */
  AUTH_JWKS_URL: z.string().url(),
  /** Largest accepted avatar, in bytes. */
  MAX_AVATAR_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
});
export type AuthorsConfig = z.infer<typeof authorsConfig>;
