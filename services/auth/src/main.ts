// The auth service as a launcher target (`--target=auth`).
import { fileURLToPath } from 'node:url';
import { serviceTarget } from '@castbook/platform';
import { authRoutes } from './app.js';
import { authConfig } from './config.js';

export const authTarget = serviceTarget({
  name: 'auth',
  config: authConfig,
  // Resolves from src/ and from dist/ alike.
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: authRoutes,
});
