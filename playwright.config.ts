import { defineConfig } from '@playwright/test'
import { e2eAnvilPort, e2eAnvilUrl, e2eBaseUrl, e2eDataDir, e2eOperator, e2eOutputDir, e2ePort } from './e2e/support/env'

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real server,
 * which imports the catalogue into a fresh data folder and serves apps/shop/dist and
 * apps/admin/dist (`npm run test:e2e` builds them first). Every page a test visits is also
 * checked for accessibility (e2e/support/a11y.ts); the report is test-results/a11y-report.json.
 * Paths are per E2E_PORT, so two runs in one working tree do not share a database or artefacts.
 */
export default defineConfig({
  testDir: 'e2e',
  // Not test-results itself: Playwright empties its outputDir, and the server's data and the
  // screenshots live beside it.
  outputDir: e2eOutputDir,
  // Setup logs the demo merchants in once (a code per address a minute); teardown merges the
  // workers' accessibility scans into the report.
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // On CI a failed test runs once more; one that then passes is reported as flaky, by name, in
  // CI's summary (.ci/count-results.mjs), never hidden. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // CI totals every suite from the JSON reports (.ci/count-results.mjs).
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : [['list']],
  use: {
    baseURL: e2eBaseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // A local EVM node (anvil from npm) for the chain journey: the server watches BEP20 on it.
    {
      command: `node_modules/.bin/anvil --port ${e2eAnvilPort} --host 127.0.0.1 --quiet`,
      port: e2eAnvilPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf ${e2eDataDir} && mkdir -p ${e2eDataDir} && node --import tsx apps/server/src/main.ts`,
      url: `${e2eBaseUrl}api/categories`,
      // The console's first operator, created at start (never a default in the product itself);
      // every browser of the suite comes from 127.0.0.1, so the per-IP limits are raised.
      env: {
        PORT: String(e2ePort),
        DATA_DIR: e2eDataDir,
        LOG_LEVEL: 'warn',
        OPERATOR_EMAIL: e2eOperator.email,
        OPERATOR_PASSWORD: e2eOperator.password,
        RATE_LIMIT_FACTOR: '50',
        // The integrations journey's webhook receiver listens on 127.0.0.1 (issue 24; off in production).
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // A platform whose clock differs from UTC, so a coupon's last day is read in its zone (coupon-days.spec).
        PLATFORM_TIME_ZONE: 'Asia/Dubai',
        BEP20_RPC_URL: e2eAnvilUrl,
        // A deposit shows and counts up within half a second of each block.
        CHAIN_POLL_MS: '500',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
