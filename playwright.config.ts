import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real server,
 * which imports the catalogue into a fresh data folder and serves apps/shop/dist
 * (`npm run test:e2e` builds it first).
 */
const port = Number(process.env.E2E_PORT ?? 8099)
// Per port, so two runs in one working tree (E2E_PORT=…) do not share a database or artefacts.
const dataDir = port === 8099 ? 'test-results/e2e-data' : `test-results/e2e-data-${port}`

export default defineConfig({
  testDir: 'e2e',
  // Not test-results itself: Playwright empties its outputDir, and the server's data and the
  // screenshots live beside it.
  outputDir: port === 8099 ? 'test-results/playwright' : `test-results/playwright-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // CI totals every suite from the JSON reports (.ci/count-results.mjs).
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
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
  webServer: {
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node --import tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/categories`,
    // The console's first operator, created at start (never a default in the product itself);
    // every browser of the suite comes from 127.0.0.1, so the per-IP limits are raised.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OPERATOR_EMAIL: 'operator@e2e.test',
      OPERATOR_PASSWORD: 'e2e-operator-password',
      RATE_LIMIT_FACTOR: '50',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
