import type { Page } from '@playwright/test'
import { registerByApi, uniqueEmail } from './support/accounts'
import { consoleViewport, logIn } from './support/console'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expect, test } from './support/test'

/**
 * Issue 15: no serious or critical axe violation on any page, in English and Arabic. The other
 * specs visit most pages in one language only; this one opens every section of the console
 * and the shop's pages that no journey shows in both, in both languages, so the check every
 * test runs (support/a11y.ts) scans them: a violation fails the test.
 */

const languages = [
  { lang: 'en', dir: 'ltr' },
  { lang: 'ar', dir: 'rtl' },
] as const

/** Every section of the console's side menu (apps/admin/src/app/nav.tsx), and a page that does not exist. */
const consoleSections = [
  'overview',
  'recharges',
  'withdrawals',
  'applications',
  'bond-requests',
  'users',
  'shops',
  'reviews',
  'service',
  'flagged',
  'catalogue',
  'bond-levels',
  'order-rules',
  'notices',
  'networks',
  'coupons',
  'ledger',
  'reconciliation',
  'audit',
  'nowhere',
]

/** A buyer's pages that stand without an order: each shows its empty state to a new account. */
const buyerPages = [
  '/pages/member/address',
  '/pages/member/coupon',
  '/pages/member/collect',
  '/pages/member/history',
  '/pages/member/wallet_address',
  '/pages/message/index',
]

/** Waits until the page shows its content: nothing loading is left. */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator('.bz-shimmer, .adm-skeleton, .ant-skeleton, .ant-spin-spinning')).toHaveCount(0)
}

for (const { lang, dir } of languages) {
  test(`every section of the console in ${lang}`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(consoleViewport)
    await page.addInitScript((value) => localStorage.setItem('bazaar.admin.lang', value), lang)
    await logIn(page)
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    for (const section of consoleSections) {
      await page.goto(`admin/#/${section}`)
      await expect(page.getByTestId('side-menu')).toBeVisible()
      await expect(page.locator('.console-content')).toHaveAttribute('aria-busy', 'false')
      await loaded(page)
    }
  })

  test(`a new buyer's own pages, and the forgotten-password page, in ${lang}`, async ({ page }) => {
    await chooseLanguage(page, lang)
    await page.goto('/pages/member/forgot')
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    await loaded(page)
    await startLoggedIn(page, await registerByApi(uniqueEmail(`a11y-${lang}`)))
    for (const path of buyerPages) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await loaded(page)
    }
  })
}
