// Environment of the analysis service, validated at boot.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { baseServiceConfig } from '@castbook/platform';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const analysisConfig = baseServiceConfig.extend({
  /** Auth's public keys, to verify callers' tokens (the launcher sets it when auth runs in-process). */
  AUTH_JWKS_URL: z.string().url(),
  /**
   * Jobs one instance runs at once, each on its own engine thread; by default one per CPU this
   * process sees. More threads than cores only share the cores and cost more CPU per book (each
   * thread compiles the engine and collects its own garbage): see docs/operations.md, "Scaling".
   */
  ANALYSIS_CONCURRENCY: positiveInt(availableParallelism()),
  /**
   * The most heap one job's engine may use, in MiB; a text that needs more fails its job ("The
   * analysis engine could not process this text") and the process goes on. The engine peaks at about 10-20
   * times the text, and the largest upload is 20 MB.
   */
  ANALYSIS_ENGINE_HEAP_MB: positiveInt(2048),
  /**
   * How long a job stays with an instance without a heartbeat before another one takes it over (a
   * job whose instance's database session has ended is taken over at once, see job-runner.ts).
   */
  ANALYSIS_LEASE_MS: positiveInt(8_000),
  /** How often an instance renews the leases of its running jobs (at most a third of the lease). */
  ANALYSIS_HEARTBEAT_MS: positiveInt(2_000),
  /** How often an instance looks for jobs to take over (new jobs also wake it by NOTIFY). */
  ANALYSIS_POLL_MS: positiveInt(1_000),
  /** Characters per chunk (SPEC §9). */
  ANALYSIS_CHUNK_SIZE: z.coerce.number().int().min(1000).max(50_000).default(10_000),
  /** Runs of one job (first run and takeovers) before it fails: a book that kills its process must not loop forever. */
  ANALYSIS_MAX_ATTEMPTS: positiveInt(3),
});
export type AnalysisConfig = z.infer<typeof analysisConfig>;
