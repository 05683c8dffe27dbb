// e2e tier: Playwright drives Debian's Chromium against the whole stack started in embedded mode
// with a fresh data directory. Required in CI; elsewhere it runs wherever Chromium is installed.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT, E2E_SERVER_LOG } from './e2e/stack.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = E2E_PORT;
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  if (process.env.CI) throw new Error(`e2e: Chromium not found at ${CHROMIUM}; CI must install it (.ci/run)`);
  console.warn(`e2e: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}

/**
 * The whole stack in embedded mode on `port` with a fresh data directory (`env`: more configuration).
 * It serves frontend/dist, so the app is (re)built first when its sources changed. The log goes to a
 * file: tests read mails from it (the embedded mailer writes them to the log). BILLING_TEST_CLOCK:
 * billing's test clock route, so a spec can move past a trial or a period (CLOCK_SPECS).
 */
export function stackServer(port: number, dataDir: string, log: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node frontend/scripts/ensure-build.mjs && node --conditions=@castbook/source --import tsx launcher/src/main.ts > ${log}`,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      BILLING_TEST_CLOCK: 'true',
      // Two workers sign up faster than the gateway's 10 a minute from one address allows a person;
      // that limit has its own test (services/auth/test/rate-limits.int.test.ts).
      RATE_LIMIT_REGISTER_PER_MINUTE: '120',
      ...env,
    },
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGINT' as const, timeout: 20_000 },
  };
}

/**
 * Specs that move billing's test clock for the whole stack: a Pro trial another spec started could
 * end under it. They run after all the others, one at a time.
 */
const CLOCK_SPECS = ['**/billing.spec.ts', '**/notifications.spec.ts'];
// Specs that need a language model run on a stack of their own (playwright.llm.config.ts).
const LLM_SPECS = ['**/*.llm.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  testIgnore: haveChromium ? LLM_SPECS : ['**/*'],
  // Two browsers at a time: most of a spec's time is waiting on the stack (analysis, the 3 s
  // progress poll, toasts), so two workers share the machine's two cores well. Each spec signs up
  // users of its own; the clock specs wait for the rest.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'stack', testIgnore: haveChromium ? [...LLM_SPECS, ...CLOCK_SPECS] : ['**/*'] },
    {
      name: 'clock',
      testMatch: CLOCK_SPECS,
      testIgnore: haveChromium ? [] : ['**/*'],
      dependencies: ['stack'],
      workers: 1,
    },
  ],
  forbidOnly: !!process.env.CI,
  // In CI a spec that fails is run once more: with two browsers on two cores a wait can outlast its
  // timeout now and then. The report lists a spec that passed only the second time as flaky.
  retries: process.env.CI ? 1 : 0,
  // Twice Playwright's 30 s for a spec that sets none: beside a second browser a spec takes up to
  // twice as long as alone (a walk over every public link took 19 s alone and over 30 s so).
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  // One per port, like the data directory, so two runs side by side do not clear each other's results.
  outputDir: `test-results/e2e-${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    screenshot: 'only-on-failure',
  },
  webServer: haveChromium ? stackServer(PORT, E2E_DATA_DIR, E2E_SERVER_LOG) : undefined,
});
