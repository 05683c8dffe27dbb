// The analysis service as a launcher target (`--target=analysis`): routes, the projects.events
// consumer and the job runner (stopped with the consumers, before the database closes).
import { fileURLToPath } from 'node:url';
import { serviceTarget } from '@castbook/platform';
import { analysisRoutes } from './app.js';
import { analysisConfig } from './config.js';
import { JobRunner } from './domain/job-runner.js';
import { subscribeAnalysisEvents } from './events/consumers.js';

export const analysisTarget = serviceTarget({
  name: 'analysis',
  config: analysisConfig,
  // Resolves from src/ and from dist/ alike.
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: analysisRoutes,
  consumers: async ({ bus, db, blobs, logger, config, metrics }) => {
    const runner = new JobRunner({
      db,
      blobs,
      logger,
      concurrency: config.ANALYSIS_CONCURRENCY,
      engineHeapMb: config.ANALYSIS_ENGINE_HEAP_MB,
      leaseMs: config.ANALYSIS_LEASE_MS,
      heartbeatMs: config.ANALYSIS_HEARTBEAT_MS,
      pollMs: config.ANALYSIS_POLL_MS,
      chunkSize: config.ANALYSIS_CHUNK_SIZE,
      maxAttempts: config.ANALYSIS_MAX_ATTEMPTS,
      metrics: metrics?.registry,
    });
    await runner.start();
    const events = await subscribeAnalysisEvents(bus, db, logger, runner, config.ANALYSIS_LEASE_MS);
    // Stopped in order: no new events, then the running jobs go back to the queue.
    return [{ stop: async () => (await events.stop(), await runner.stop()) }];
  },
});
