// `npm run bench:workspace`: the workspace bench (workspace.bench.ts) on the e2e stack, started the
// same way as for the specs (E2E_PORT picks the port). Benches print figures; they never fail on time.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: resolve(root, 'test-results/bench'),
  reporter: 'list',
  // The stack's command uses paths from the repository's root.
  webServer: base.webServer && !Array.isArray(base.webServer) ? { ...base.webServer, cwd: root } : base.webServer,
});
