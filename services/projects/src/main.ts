// The projects service as a launcher target (`--target=projects`).
import { fileURLToPath } from 'node:url';
import { serviceTarget } from '@castbook/platform';
import { projectsRoutes } from './app.js';
import { projectsConfig } from './config.js';
import { subscribeAnalysisResults } from './events/analysis-results.js';
import { subscribeReadModels } from './events/read-models.js';

export const projectsTarget = serviceTarget({
  name: 'projects',
  config: projectsConfig,
  // Resolves from src/ and from dist/ alike.
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: projectsRoutes,
  consumers: async ({ bus, db, blobs, logger }) => [
    await subscribeReadModels(bus, db, logger),
    await subscribeAnalysisResults(bus, db, blobs, logger),
  ],
});
