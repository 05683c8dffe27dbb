// The analysis service as a launcher target (`--target=analysis`).
import { fileURLToPath } from 'node:url';
import { serviceTarget } from '@castbook/platform';
import { analysisRoutes } from './app.js';
import { analysisConfig } from './config.js';

export const analysisTarget = serviceTarget({
  name: 'analysis',
  config: analysisConfig,
  // Resolves from src/ and from dist/ alike.
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: analysisRoutes,
});
