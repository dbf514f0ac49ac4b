import { expect, type Page } from '@playwright/test'
import { e2eOperator } from './env'

/** Steps in the operators' console (/admin/) that several specs take. */

/** The console is a desktop tool: at phone width its menu folds away. Specs run it at this size. */
export const consoleViewport = { width: 1280, height: 800 } as const

/** Logs the operator in through the console's login page. */
export async function logIn(page: Page): Promise<void> {
  await page.goto('admin/')
  await expect(page).toHaveURL(/#\/login$/)
  await page.getByTestId('login-email').fill(e2eOperator.email)
  await page.getByTestId('login-password').fill(e2eOperator.password)
  await page.getByTestId('login-submit').click()
  // The first console page of a run is scanned for accessibility before this check (a11y.ts);
  // on a loaded machine the scan of the login page and the queue may take longer than 10 s.
  await expect(page.getByTestId('operator-email')).toHaveText(e2eOperator.email, { timeout: 30_000 })
}

/** Opens a section from the side menu and waits for its heading. */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByTestId('side-menu').getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { name })).toBeVisible()
}

/**
 * Approves the one pending request of `email` in a queue ('Recharges' or 'Withdrawals'); a
 * withdrawal is approved with the hash of the transaction that paid it out (`payoutTxHash`).
 */
export async function approveInQueue(
  page: Page,
  queue: 'Recharges' | 'Withdrawals',
  email: string,
  payoutTxHash = 'cd'.repeat(32),
): Promise<void> {
  await openSection(page, queue)
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toHaveCount(1)
  await row.getByTestId('approve').click()
  if (queue === 'Withdrawals') await page.getByTestId('payout-tx-hash').fill(payoutTxHash)
  await page.getByTestId('approve-confirm').click()
  await expect(row).toHaveCount(0)
}

/**
 * Checks that nothing on the page scrolls sideways at the console's width: the document and
 * every table fit, so no column is cut off or hidden behind a scroll bar.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflowing = () =>
    page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.className || el.tagName}: ${el.scrollWidth} > ${el.clientWidth}`),
    )
  await expect.poll(overflowing).toEqual([])
}
