// e2e tier: Playwright drives Debian's Chromium against the whole stack started in embedded mode
// with a fresh data directory. Required in CI; elsewhere it runs wherever Chromium is installed.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 8099);
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  if (process.env.CI) throw new Error(`e2e: Chromium not found at ${CHROMIUM}; CI must install it (.ci/run)`);
  console.warn(`e2e: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  testIgnore: haveChromium ? [] : ['**/*'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    screenshot: 'only-on-failure',
  },
  webServer: haveChromium
    ? {
        // The stack serves frontend/dist, so the app is (re)built first when its sources changed. The
        // log goes to a file: tests read mails from it (the embedded mailer writes them to the log).
        command: `rm -rf .test-data/e2e && mkdir -p .test-data/e2e && node frontend/scripts/ensure-build.mjs && node --conditions=@castbook/source --import tsx launcher/src/main.ts > .test-data/e2e/server.log`,
        env: { DATA_DIR: '.test-data/e2e', PORT: String(PORT), LOG_LEVEL: 'info' },
        url: `http://localhost:${PORT}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
      }
    : undefined,
});
