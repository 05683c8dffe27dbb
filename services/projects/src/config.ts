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
  /**
   * Key of the signed playback URLs of voice samples (issue 17); unset, one is derived from the
   * service's shared secret (SERVICE_SECRET), which every replica has, so any replica verifies them.
   */
  AUDIO_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How often samples no character refers to are looked for and deleted. */
  AUDIO_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  /** How long an uploaded sample may stay unattached to any character before the sweep deletes it. */
  AUDIO_UNATTACHED_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  // The language model of the Pro character analysis (issue 18), any OpenAI-compatible server. Neither
  // OPENAI_BASE_URL nor OPENAI_API_KEY set: no model, the built-in analysis answers.
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** One request's time limit, and retries (with backoff, honouring retry-after) on 408/409/429/5xx. */
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).default(3),
  /** A Pro user's tokens per calendar month (UTC). */
  LLM_MONTHLY_TOKENS: z.coerce.number().int().positive().default(2_000_000),
  /** The passages of one character analysis, at most (about 4 characters a token). */
  LLM_PASSAGE_TOKENS: z.coerce.number().int().positive().default(12_000),
  /**
   * A second-opinion run's lease: the process running it renews it; a run whose lease ran out (its
   * process stopped) is taken up by another, from the batch it had reached.
   */
  SECOND_OPINION_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
});
export type ProjectsConfig = z.infer<typeof projectsConfig>;
