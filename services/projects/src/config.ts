// Environment of the projects service, validated at boot.
import { z } from 'zod';
import { baseServiceConfig } from '@castbook/platform';

export const projectsConfig = baseServiceConfig.extend({
  /** Auth's public keys, to verify callers' tokens (the launcher sets it when auth runs in-process). */
  AUTH_JWKS_URL: z.string().url(),
  /** The authors service, asked when the author read model does not know an author yet. */
  AUTHORS_URL: z.string().url(),
  /** The billing service, asked when the limits read model does not know a user yet. */
  BILLING_URL: z.string().url(),
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  MAX_AUDIO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
});
export type ProjectsConfig = z.infer<typeof projectsConfig>;
