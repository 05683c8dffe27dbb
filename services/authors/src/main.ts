// The authors service as a launcher target (`--target=authors`).
import { fileURLToPath } from 'node:url';
import { serviceTarget } from '@castbook/platform';
import { authorsRoutes } from './app.js';
import { authorsConfig } from './config.js';
import { subscribeProjectEvents } from './events/project-counts.js';

export const authorsTarget = serviceTarget({
  name: 'authors',
  config: authorsConfig,
  // Resolves from src/ and from dist/ alike.
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: authorsRoutes,
  consumers: async ({ bus, db, logger }) => [await subscribeProjectEvents(bus, db, logger)],
});
