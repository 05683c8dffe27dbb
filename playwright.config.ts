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
 * billing's test clock route, so a spec can move past a trial or a period.
 */
export function stackServer(port: number, dataDir: string, log: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node frontend/scripts/ensure-build.mjs && node --conditions=@castbook/source --import tsx launcher/src/main.ts > ${log}`,
    env: { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', BILLING_TEST_CLOCK: 'true', ...env },
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGINT' as const, timeout: 20_000 },
  };
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // Specs that need a language model run on a stack of their own (playwright.llm.config.ts).
  testIgnore: haveChromium ? ['**/*.llm.spec.ts'] : ['**/*'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
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
