import { Me, type Session } from '@bazaar/contract/auth'
import { dayIn } from '@bazaar/contract/coupon-dates'
import type { Browser, Page } from '@playwright/test'
import { merchantToken, registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { consoleViewport, logIn } from './support/console'
import { consoleShot, shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expect, test } from './support/test'
import { shopToast } from './support/toast'

/**
 * Coupon end dates (issue 22 item 1): the operator picks the last valid day; buyers read that
 * day, never the next one. The e2e server runs with PLATFORM_TIME_ZONE=Asia/Dubai
 * (playwright.config.ts): a reader in Dubai reads "Until Dec 28, 2026"; a reader in New York
 * reads "Until Dec 28, 23:59 GMT+4". On the code before, both read the day after.
 */

const platformZone = 'Asia/Dubai'
const stamp = Date.now().toString(36).slice(-4)
const title = `Last day ${stamp}`
const shopTitle = `Shop last day ${stamp}`
/** The last valid days the issuers pick: four weeks and three weeks from today, on the platform's calendar. */
const lastDay = dayIn(Date.now() + 28 * 86_400_000, platformZone)
const shopLastDay = dayIn(Date.now() + 21 * 86_400_000, platformZone)
const medium = (day: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${day}T12:00:00Z`))
const short = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T12:00:00Z`))

/**
 * The first assertion after a page opens in a new browser: on a machine shared by several
 * developers (load 15–30 on 2 cores) the shop's first render took up to 16 s.
 */
const firstRender = { timeout: 30_000 }

/** A phone page in `timeZoneId`, in `lang`, logged in as `session`. */
async function phone(browser: Browser, session: Session, timezoneId: string, lang: 'en' | 'ar' = 'en'): Promise<Page> {
  const context = await browser.newContext({ timezoneId, locale: lang === 'ar' ? 'ar' : 'en-US' })
  const page = await context.newPage()
  await chooseLanguage(page, lang)
  await startLoggedIn(page, session)
  return page
}

test.describe
  .serial('coupon end dates: the last valid day, in the platform’s time zone', () => {
    let buyer: Session

    test.beforeAll(async () => {
      buyer = await registerByApi(uniqueEmail('coupon-days'))
    })

    test('an operator picks the last day; the console shows that day, not the exclusive end', async ({ browser }) => {
      // Two console sessions (English, Arabic) on a server that may still be warming up.
      test.setTimeout(150_000)
      const context = await browser.newContext({ timezoneId: platformZone, viewport: consoleViewport })
      const page = await context.newPage()
      await logIn(page)
      await page.getByTestId('side-menu').getByRole('link', { name: 'Coupons' }).click()
      await expect(page.getByText(`(${platformZone})`)).toBeVisible(firstRender)
      await page.getByTestId('coupon-kind').getByText('Instant reduction').click()
      await page.getByTestId('coupon-title').fill(title)
      await page.getByTestId('coupon-amount').fill('1')
      await page.getByTestId('coupon-ends').fill(lastDay)
      await page.getByTestId('coupon-submit').click()
      const row = page.getByTestId('coupons-table').getByRole('row').filter({ hasText: title })
      await expect(row.getByTestId('coupon-window')).toHaveText(new RegExp(`– ${medium(lastDay)}$`), firstRender)
      await row.scrollIntoViewIfNeeded()
      await consoleShot(page, 'coupon-days')
      await context.close()

      const arabic = await browser.newContext({ timezoneId: platformZone, viewport: consoleViewport })
      const arPage = await arabic.newPage()
      await arPage.addInitScript(() => localStorage.setItem('bazaar.admin.lang', 'ar'))
      await logIn(arPage)
      await arPage.goto('admin/#/coupons')
      const arRow = arPage.getByTestId('coupons-table').getByRole('row').filter({ hasText: title })
      await expect(arRow.getByTestId('coupon-window')).toContainText(medium(lastDay, 'ar'), firstRender)
      await arRow.scrollIntoViewIfNeeded()
      await consoleShot(arPage, 'ar-coupon-days')
      await arabic.close()
    })

    test('a buyer on the platform’s clock reads the last day; one in New York reads its last minute with the zone', async ({ browser }) => {
      const here = await phone(browser, buyer, platformZone)
      await here.goto('#/pages/member/coupon?tab=unclaimed')
      const ticket = here.getByTestId('coupon-item').filter({ hasText: title })
      await expect(ticket.getByTestId('coupon-until')).toHaveText(`Until ${medium(lastDay)}`, firstRender)
      await ticket.scrollIntoViewIfNeeded()
      await shot(here, 'en-coupon-days-centre')
      await here.context().close()

      const away = await phone(browser, buyer, 'America/New_York')
      await away.goto('#/pages/member/coupon?tab=unclaimed')
      await expect(away.getByTestId('coupon-item').filter({ hasText: title }).getByTestId('coupon-until')).toHaveText(
        `Until ${short(lastDay)}, 23:59 GMT+4`,
        firstRender,
      )
      await away.context().close()

      const arabic = await phone(browser, buyer, platformZone, 'ar')
      await arabic.goto('#/pages/member/coupon?tab=unclaimed')
      const arTicket = arabic.getByTestId('coupon-item').filter({ hasText: title })
      await expect(arTicket.getByTestId('coupon-until')).toContainText(medium(lastDay, 'ar'), firstRender)
      await arTicket.scrollIntoViewIfNeeded()
      await shot(arabic, 'ar-coupon-days-centre')
      await arabic.context().close()
    })

    test('a merchant’s shop coupon ending on a day shows that day in the merchant’s list', async ({ browser }) => {
      test.setTimeout(120_000)
      const token = await merchantToken('gadgets')
      const merchant = { token, expiresAtMs: Date.now() + 86_400_000, user: await api.get('/api/me', Me, { token }) }
      const page = await phone(browser, merchant, platformZone)
      await page.goto('#/pages/shop/coupon')
      await expect(page.getByTestId('coupon-zone')).toContainText(platformZone, firstRender)
      await page.getByTestId('coupon-title').locator('input').fill(shopTitle)
      await page.getByTestId('coupon-amount').locator('input').fill('1')
      await page.getByTestId('coupon-ends').fill(shopLastDay)
      await page.getByTestId('shop-coupon-submit').click()
      await expect(shopToast(page)).toHaveText('Coupon issued')
      const issued = page.getByTestId('shop-coupon').filter({ hasText: shopTitle })
      await expect(issued.getByTestId('coupon-until')).toHaveText(`Until ${medium(shopLastDay)}`)
      await expect(shopToast(page)).toHaveCount(0)
      await page.getByTestId('coupon-zone').scrollIntoViewIfNeeded()
      await shot(page, 'en-coupon-days-merchant')
      await page.context().close()

      const arabic = await phone(browser, merchant, platformZone, 'ar')
      await arabic.goto('#/pages/shop/coupon')
      await expect(arabic.getByTestId('shop-coupon').filter({ hasText: shopTitle }).getByTestId('coupon-until')).toContainText(
        medium(shopLastDay, 'ar'),
        firstRender,
      )
      await arabic.getByTestId('coupon-zone').scrollIntoViewIfNeeded()
      await shot(arabic, 'ar-coupon-days-merchant')
      await arabic.context().close()
    })
  })
