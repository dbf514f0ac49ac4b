import { Me, type Session } from '@bazaar/contract/auth'
import { ProductDetail } from '@bazaar/contract/catalog'
import { CouponCounts } from '@bazaar/contract/coupon'
import { Order } from '@bazaar/contract/orders'
import { WalletSummary } from '@bazaar/contract/wallet'
import type { Browser, Page } from '@playwright/test'
import { demoMerchants, merchantToken } from './support/accounts'
import { api } from './support/api'
import { listingOf } from './support/catalog'
import { consoleViewport, logIn } from './support/console'
import { addAddress, applyRefund, dubaiAddress, order } from './support/orders'
import { consoleShot, shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { confirmDialog, tapDigits } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast, shopToast } from './support/toast'
import { fundedBuyer } from './support/wallet'

/**
 * Coupons end to end (the coupons part of the reviews-and-coupons issue), against the real
 * server: a merchant issues a shop coupon on the merchant pages, an operator issues a platform
 * coupon in the console, a buyer claims both on a product page, finds the better one
 * preselected at checkout, pays the discounted total, gets every unit refunded before
 * shipping and finds the coupon back among the unused ones. Screenshots at 390×844 in English
 * and Arabic go to test-results/screenshots/{en,ar}-coupons-*.png (the console's at 1280×800).
 *
 * Gadget Harbor's merchant (logged in by global setup) issues the shop coupon; only this spec
 * issues coupons, and its titles carry the run's time, so reruns against one server stay apart.
 */

const paymentPassword = '246810'
const stamp = Date.now().toString(36).slice(-4)
const shopTitle = `Harbor 3 off ${stamp}`
const platformTitle = `Welcome 1 ${stamp}`

/** A screenshot `<lang>-coupons-<name>.png` once the page is done, without the toast of the step before. */
async function take(page: Page, name: string, lang: 'en' | 'ar'): Promise<void> {
  await expect(shopToast(page)).toHaveCount(0)
  await shot(page, `${lang}-coupons-${name}`)
}

/** A page of its own in `lang`, logged in as `session`. */
async function pageAs(browser: Browser, session: Session, lang: 'en' | 'ar'): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'ar' ? 'ar' : 'en-US' })
  const page = await context.newPage()
  await chooseLanguage(page, lang)
  await startLoggedIn(page, session)
  return page
}

const balance = async (token: string) => (await api.get('/api/wallet', WalletSummary, { token })).availableCents

test.describe
  .serial('coupons: issued by a shop and the platform, claimed, used at checkout, given back', () => {
    let buyer: Session
    let merchant: Session
    let line = { listingId: 0, skuId: 0, quantity: 1 }

    test.beforeAll(async () => {
      test.setTimeout(120_000)
      buyer = await fundedBuyer('coupons', paymentPassword, 100_000)
      await addAddress(buyer.token, { ...dubaiAddress, isDefault: true })
      const token = await merchantToken('gadgets')
      merchant = { token, expiresAtMs: Date.now() + 86_400_000, user: await api.get('/api/me', Me, { token }) }
      // Enough units of Gadget Harbor's cheapest listing in stock to pass the coupon's $10 minimum.
      const item = await listingOf(demoMerchants.gadgets.shopId)
      const detail = await api.get(`/api/products/${item.listingId}`, ProductDetail)
      const price = detail.skus.find((s) => s.id === item.skuId)?.priceCents ?? detail.priceCents
      line = { listingId: item.listingId, skuId: item.skuId, quantity: Math.max(1, Math.ceil(1000 / price)) }
    })

    test('a merchant issues a shop coupon on the merchant pages', async ({ page }) => {
      await startLoggedIn(page, merchant)
      await page.goto('#/pages/shop/coupon')
      await expect(page.getByTestId('shop-coupon-form')).toBeVisible()
      // The form's own check first: a reduction as large as its minimum is refused beside the field.
      await page.getByTestId('coupon-title').locator('input').fill(shopTitle)
      await page.getByTestId('coupon-amount').locator('input').fill('10')
      await page.getByTestId('shop-coupon-submit').click()
      await expect(page.getByRole('alert')).toHaveText("Check the coupon's value: amount, percentage and threshold")
      await page.getByTestId('coupon-amount').locator('input').fill('3')
      await page.getByTestId('shop-coupon-submit').click()
      // The refusal's toast may still be fading out beside this one.
      await expectShopToast(page, 'Coupon issued')
      const issued = page.getByTestId('shop-coupon').filter({ hasText: shopTitle })
      await expect(issued).toContainText('Claimed 0 of 100')
      await expect(issued).toContainText('Active')
      await take(page, 'merchant', 'en')
    })

    test('an operator issues a platform coupon in the console', async ({ page }) => {
      await page.setViewportSize(consoleViewport)
      await logIn(page)
      await page.getByTestId('side-menu').getByRole('link', { name: 'Coupons' }).click()
      await expect(page.getByRole('heading', { name: 'Platform coupons' })).toBeVisible()
      await page.getByTestId('coupon-kind').getByText('Instant reduction').click()
      await expect(page.getByTestId('coupon-threshold')).toHaveCount(0)
      await page.getByTestId('coupon-title').fill(platformTitle)
      await page.getByTestId('coupon-amount').fill('1')
      await page.getByTestId('coupon-submit').click()
      const row = page.getByTestId('coupons-table').getByRole('row').filter({ hasText: platformTitle })
      await expect(row).toContainText('Instant reduction')
      await expect(row).toContainText('0 / 100')
      await expect(row).toContainText('Active')
      await consoleShot(page, 'coupons')
      // The audit log names the action in words.
      await page.getByTestId('side-menu').getByRole('link', { name: 'Audit log' }).click()
      await expect(page.getByText('Platform coupon issued').first()).toBeVisible()
    })

    test('a buyer claims both, pays with the better one preselected, and gets it back after a full refund', async ({ page }) => {
      test.setTimeout(120_000)
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(error.message))
      await startLoggedIn(page, buyer)

      await test.step('the product page offers both coupons; each is claimed once (limit 1)', async () => {
        await page.goto(`#/pages/product/goods?id=${line.listingId}`)
        const strip = page.getByTestId('coupon-strip')
        for (const title of [shopTitle, platformTitle]) {
          const ticket = strip.getByTestId('strip-coupon').filter({ hasText: title })
          await ticket.getByTestId('strip-claim').click()
          await expect(shopToast(page)).toHaveText('Coupon claimed')
          await expect(ticket.getByTestId('strip-claim')).toHaveText('Claimed')
          await expect(ticket.getByTestId('strip-claim')).toBeDisabled()
        }
        await strip.scrollIntoViewIfNeeded()
        await take(page, 'goods', 'en')
        expect((await api.get('/api/coupons/counts', CouponCounts, { token: buyer.token })).unused).toBe(2)
      })

      const orderId = await test.step('checkout preselects the $3 shop coupon over the $1 one; the total is $3 less', async () => {
        await page.goto(`#/pages/buy?lines=${line.listingId}.${line.skuId}.${line.quantity}`)
        await expect(page.getByTestId('buy-coupon-value')).toHaveText(/3\.00/)
        const couponCents = page.getByTestId('coupon-total').locator('[data-cents]')
        await expect(couponCents).toHaveAttribute('data-cents', '300')
        await take(page, 'buy', 'en')
        await page.getByTestId('buy-coupon').click()
        const sheet = page.getByTestId('coupon-sheet')
        await expect(sheet.getByTestId('coupon-choice')).toHaveCount(2)
        // Best first, and checked: the shop's $3 (the radio's card is its label).
        await expect(sheet.locator('label').first()).toContainText(shopTitle)
        await expect(sheet.getByRole('radio', { name: new RegExp(shopTitle) })).toBeChecked()
        await take(page, 'picker', 'en')
        // Picking the smaller one and back: the server's figures follow.
        await sheet.locator('label').filter({ hasText: platformTitle }).click()
        await expect(couponCents).toHaveAttribute('data-cents', '100')
        await page.getByTestId('buy-coupon').click()
        await page.getByTestId('coupon-sheet').locator('label').filter({ hasText: shopTitle }).click()
        await expect(couponCents).toHaveAttribute('data-cents', '300')

        const before = await balance(buyer.token)
        await page.getByTestId('buy-submit').click()
        await expect(page.getByTestId('payment-sheet')).toBeVisible()
        await tapDigits(page, paymentPassword)
        await expect(page.getByTestId('buy-result')).toHaveAttribute('data-paid', 'true')
        const id = Number(new URL(page.url().replace('#/', '')).searchParams.get('ids'))
        const paid = await order(buyer.token, id)
        expect(paid.couponCents).toBe(300)
        expect(paid.coupon).toEqual({ issuer: 'shop', title: shopTitle })
        expect(paid.totalCents).toBe(paid.productTotalCents + paid.freightCents - 300)
        expect(before - (await balance(buyer.token))).toBe(paid.totalCents)
        return id
      })

      await test.step('the order shows the coupon, who pays for it, and what each line cost after it', async () => {
        await page.goto(`#/pages/member/orderDetail?id=${orderId}`)
        await expect(page.getByTestId('coupon-total')).toContainText('3.00')
        await expect(page.getByText(shopTitle)).toBeVisible()
        await expect(page.getByText('Paid by the shop')).toBeVisible()
        await expect(page.getByTestId('line-net-paid')).toBeVisible()
        await page.getByTestId('coupon-total').scrollIntoViewIfNeeded()
        await take(page, 'order', 'en')
      })

      await test.step('every unit refunded before shipping: the buyer gets what they paid, and the coupon comes back', async () => {
        const before = await balance(buyer.token)
        const asked = await applyRefund(buyer.token, orderId, line.quantity, 'Ordered the wrong model')
        const refundId = asked.refunds[0]?.id
        await api.post(`/api/shop/refunds/${refundId}/agree`, undefined, Order, { token: merchant.token })
        const refunded = await order(buyer.token, orderId)
        // Only what the buyer paid for the units comes back: never the shop's $3, never more than the order cost.
        expect((await balance(buyer.token)) - before).toBe(refunded.refundedCents)
        expect(refunded.refundedCents).toBeGreaterThanOrEqual(refunded.totalCents - refunded.freightCents)
        expect(refunded.refundedCents).toBeLessThanOrEqual(refunded.totalCents)
        await page.goto('#/pages/member/coupon?tab=unused')
        await expect(page.getByTestId('coupon-item').filter({ hasText: shopTitle })).toBeVisible()
        await expect(page.getByTestId('coupon-item').filter({ hasText: platformTitle })).toBeVisible()
        await take(page, 'centre', 'en')
        await page.getByTestId('coupon-tab-used').click()
        await expect(page.getByTestId('coupon-item')).toHaveCount(0)
      })

      await test.step('the member page counts the unused coupons', async () => {
        await page.goto('#/pages/member/index')
        await expect(page.getByTestId('to-coupons')).toContainText('2')
      })
      expect(problems).toEqual([])
    })

    test('the same screens in Arabic, right to left', async ({ browser }) => {
      const buyerPage = await pageAs(browser, buyer, 'ar')
      await buyerPage.goto('#/pages/member/coupon?tab=unused')
      await expect(buyerPage.locator('html')).toHaveAttribute('dir', 'rtl')
      await expect(buyerPage.getByTestId('coupon-item').first()).toBeVisible()
      await take(buyerPage, 'centre', 'ar')
      await buyerPage.goto(`#/pages/product/goods?id=${line.listingId}`)
      await buyerPage.getByTestId('coupon-strip').scrollIntoViewIfNeeded()
      await take(buyerPage, 'goods', 'ar')
      await buyerPage.goto(`#/pages/buy?lines=${line.listingId}.${line.skuId}.${line.quantity}`)
      await expect(buyerPage.getByTestId('coupon-total').locator('[data-cents]')).toHaveAttribute('data-cents', '300')
      await take(buyerPage, 'buy', 'ar')
      await buyerPage.getByTestId('buy-coupon').click()
      await expect(buyerPage.getByTestId('coupon-sheet')).toBeVisible()
      await take(buyerPage, 'picker', 'ar')
      await buyerPage.context().close()

      const merchantPage = await pageAs(browser, merchant, 'ar')
      await merchantPage.goto('#/pages/shop/coupon')
      await expect(merchantPage.getByTestId('shop-coupon').first()).toBeVisible()
      await take(merchantPage, 'merchant', 'ar')
      // Ending a coupon: claims stop; the buyer's claimed one stays good.
      await merchantPage.getByTestId('shop-coupon').filter({ hasText: shopTitle }).getByTestId('shop-coupon-end').click()
      await confirmDialog(merchantPage, 'إنهاء')
      await expect(merchantPage.getByTestId('shop-coupon').filter({ hasText: shopTitle })).not.toContainText('نشطة')
      await merchantPage.context().close()
    })
  })
