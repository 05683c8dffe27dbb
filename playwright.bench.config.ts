// `npm run bench:workspace`: the workspace bench (e2e/bench/workspace.bench.ts) on the e2e stack,
// started the same way as for the specs (E2E_PORT picks the port). Benches print figures; they never
// fail on time. Beside playwright.config.ts, whose stack and browser it reuses.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

export default defineConfig({
  ...base,
  testDir: 'e2e/bench',
  testMatch: '*.bench.ts',
  // One project: the base config's split (the clock specs after the rest) is for its own specs.
  projects: [{ name: 'bench' }],
  outputDir: 'test-results/bench',
  reporter: 'list',
});
