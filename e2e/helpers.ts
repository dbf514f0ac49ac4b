import { expect, type Page } from '@playwright/test'

/** Chooses the interface language before the app starts (the member page's picker stores it). */
export async function useLanguage(page: Page, lang: 'automatic' | string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('bazaar.lang', value), lang)
}

/** Waits until the network is quiet and every image in view has loaded (no half-drawn shots). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const r = img.getBoundingClientRect()
      const inView = r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth && r.width > 0
      return !inView || (img.complete && img.naturalWidth > 0)
    }),
  )
  // Skeletons fade in after 200 ms; give any late one time to be replaced.
  await page.waitForTimeout(300)
}

/** The listing and shop ids of a real product, from the API the shop uses. */
export async function firstListing(page: Page): Promise<{ listingId: number; shopId: number }> {
  const reply = await page.request.get('/api/products?limit=1&sort=sales')
  expect(reply.ok()).toBe(true)
  const body = (await reply.json()) as { data: { items: { id: number; shop: { id: number } }[] } }
  const item = body.data.items[0]
  if (!item) throw new Error('the catalogue has no listing')
  return { listingId: item.id, shopId: item.shop.id }
}

/** Prices (integer cents) of the product cards on screen, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  return page
    .getByTestId('product-card')
    .evaluateAll((cards) => cards.map((card) => Number(card.querySelector('[data-cents]')?.getAttribute('data-cents'))))
}

// --- Accounts and wallet (e2e/accounts.spec.ts, e2e/wallet.spec.ts) ---

/** The data folder of the server Playwright started (playwright.config.ts: one per E2E_PORT). */
export function e2eDataDir(): string {
  const port = Number(process.env.E2E_PORT ?? 8099)
  return port === 8099 ? 'test-results/e2e-data' : `test-results/e2e-data-${port}`
}

/** The console's operator that playwright.config.ts's webServer creates. */
export const e2eOperator = { email: 'operator@e2e.test', password: 'e2e-operator-password' }

/** An address nobody else uses in this run, so tests can share one server. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}

/**
 * The 6-digit code of the newest mail to `email` in the server's outbox (no SMTP in e2e), sent
 * after `sinceMs` (so an earlier code of the same address is not taken).
 */
export async function mailedCode(email: string, sinceMs = 0): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises')
  const dir = `${e2eDataDir()}/outbox`
  for (let attempt = 0; attempt < 40; attempt++) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml') && Number(f.split('-')[0]) >= sinceMs - 1_000)
      .sort()
      .reverse()
    for (const file of files) {
      const text = await readFile(`${dir}/${file}`, 'utf8')
      const to = /^To: (.+)$/m.exec(text)?.[1] ?? ''
      const code = /verification code is (\d{6})/.exec(text)?.[1]
      if (code && to.toLowerCase().includes(email.toLowerCase())) return code
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no code mailed to ${email}`)
}

type Reply<T> = { code: number; msg: string; data: T }

/** One call to the API as the shop makes it; fails the test on anything but code 1. */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const reply = await page.request.fetch(url, { method, data: body, headers })
  const json = (await reply.json()) as Reply<T>
  if (json.code !== 1) throw new Error(`${method} ${url} → ${reply.status()} ${json.msg}`)
  return json.data
}

export type E2eSession = { token: string; user: { id: number; email: string; nickname: string } }

/** Registers a buyer through the API with the mailed code; returns the session. */
export async function registerByApi(page: Page, email: string, password: string): Promise<E2eSession> {
  const since = Date.now()
  await apiCall(page, 'POST', '/api/auth/codes', { purpose: 'register', email })
  const code = await mailedCode(email, since)
  return apiCall<E2eSession>(page, 'POST', '/api/auth/register', { email, password, code, agreed: true })
}

/** Sets the payment password through the API: the login password and a code to the account's email. */
export async function setPaymentPasswordByApi(
  page: Page,
  session: E2eSession,
  paymentPassword: string,
  currentPassword: string,
): Promise<void> {
  const since = Date.now()
  await apiCall(page, 'POST', '/api/auth/codes', { purpose: 'payment_password' }, { token: session.token })
  const code = await mailedCode(session.user.email, since)
  await apiCall(page, 'POST', '/api/me/payment-password', { code, currentPassword, paymentPassword }, { token: session.token })
}

/**
 * Logs the shop in as `session` (the userinfo the login page stores): before the next page
 * load, or at once when the shop is already open (a hash change loads no new document).
 */
export async function startLoggedIn(page: Page, session: E2eSession): Promise<void> {
  await page.addInitScript((info) => {
    if (!sessionStorage.getItem('e2e.session.set')) {
      localStorage.setItem('bazaar.userinfo', JSON.stringify(info))
      sessionStorage.setItem('e2e.session.set', '1')
    }
  }, session)
  if (page.url().startsWith('http')) {
    await page.evaluate((info) => {
      localStorage.setItem('bazaar.userinfo', JSON.stringify(info))
      sessionStorage.setItem('e2e.session.set', '1')
    }, session)
  }
}

/** An operator's admin-token, from the console's login call. */
export async function operatorToken(page: Page): Promise<string> {
  const session = await apiCall<{ token: string }>(page, 'POST', '/api/admin/auth/login', e2eOperator)
  return session.token
}

/** Opens recharge on TRC20 with a valid TRON deposit address (PUT /api/admin/networks/TRC20). */
export async function openTrc20(page: Page, depositAddress: string): Promise<void> {
  const token = await operatorToken(page)
  const { items } = await apiCall<{ items: Record<string, unknown>[] }>(page, 'GET', '/api/admin/networks', undefined, {
    'admin-token': token,
  })
  const trc20 = items.find((n) => n.code === 'TRC20')
  if (!trc20) throw new Error('no TRC20 network')
  const body = {
    depositAddress,
    withdrawalFeeCents: trc20.withdrawalFeeCents,
    withdrawalMinCents: trc20.withdrawalMinCents,
    withdrawalMaxCents: trc20.withdrawalMaxCents,
    monthlyWithdrawalCap: trc20.monthlyWithdrawalCap,
    withdrawalsEnabled: true,
  }
  await apiCall(page, 'PUT', '/api/admin/networks/TRC20', body, { 'admin-token': token })
}
