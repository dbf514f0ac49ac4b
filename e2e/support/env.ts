/**
 * Where this run's server, data and artefacts live. One set per E2E_PORT, so two runs in one
 * working tree keep apart; playwright.config.ts reads the same values.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 8099)
const suffix = e2ePort === 8099 ? '' : `-${e2ePort}`

/** The server Playwright starts (the shop at '/', the console at '/admin/', the API at '/api'). */
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}/`

/** The server's DATA_DIR: its SQLite file, uploads and mail outbox (`outbox/<epoch ms>-<random>.eml`). */
export const e2eDataDir = `test-results/e2e-data${suffix}`

/** Playwright's output folder (traces of failed tests); Playwright empties it at start. */
export const e2eOutputDir = `test-results/playwright${suffix}`

/** State the workers of one run share (merchant sessions, accessibility parts); emptied by global setup. */
export const e2eRunDir = `test-results/e2e-run${suffix}`

/** Screenshots for people to look at, `<lang>-<page>.png` and `admin-<page>.png`. */
export const screenshotDir = 'test-results/screenshots'

/** The console's operator, created by the server at start from OPERATOR_EMAIL and OPERATOR_PASSWORD. */
export const e2eOperator = { email: 'operator@e2e.test', password: 'e2e-operator-password' } as const

/**
 * The local EVM node of the run (anvil, from npm), started by Playwright beside the server
 * (playwright.config.ts): 1000 above E2E_PORT, so runs on other ports keep apart. The server
 * watches BEP20 on it (BEP20_RPC_URL); the chain journey configures BEP20 in the console.
 */
export const e2eAnvilPort = e2ePort + 1000
export const e2eAnvilUrl = `http://127.0.0.1:${e2eAnvilPort}`
