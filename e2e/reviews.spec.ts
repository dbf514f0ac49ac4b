import { Me, type Session } from '@bazaar/contract/auth'
import type { ProductDetail } from '@bazaar/contract/catalog'
import type { Page } from '@playwright/test'
import { demoMerchants } from './support/accounts'
import { api } from './support/api'
import { listingWithOptions } from './support/catalog'
import { consoleViewport, logIn, openSection } from './support/console'
import { addAddress, payOrders, placeOrders, shipOrder } from './support/orders'
import { reviewPhotoPng } from './support/reviews'
import { consoleShot, shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { confirmDialog } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast, shopToast } from './support/toast'
import { fundedBuyer } from './support/wallet'

/**
 * Reviews, follows and history end to end (the reviews issue), against the real server: a
 * buyer receives an order, reviews a line with stars, text and a photo, sees the review on
 * the product page with the real average, follows the shop, finds it among the favourites,
 * finds the product in the history, and an operator hides the review with a reason that the
 * buyer then reads. Screenshots at 390×844 in English and Arabic go to
 * test-results/screenshots/{en,ar}-reviews-*.png. Honest figures before any review are in
 * reviews-honest-figures.spec.ts.
 *
 * Setup goes through the API people use. The shop is Loom & Thread's (clothes with sizes),
 * whose merchant global setup logged in and funded; no other spec orders from it, so the
 * follower count and the history are this buyer's alone.
 */

const paymentPassword = '135790'
const berlin = {
  name: 'Ana Lima',
  mobile: '+49 30 901820',
  country: 'DE',
  province: 'Berlin',
  city: 'Berlin',
  address: 'Unter den Linden 1',
  zipCode: '10117',
  isDefault: true,
}
const comment = 'Fits well, <b>soft</b> fabric.'
const hideReason = 'Shows a stranger’s face'

/** A screenshot `<lang>-reviews-<name>.png` once the page is done; a toast of the step before is not part of the page. */
async function take(page: Page, name: string, lang: 'en' | 'ar'): Promise<void> {
  await expect(shopToast(page)).toHaveCount(0)
  await shot(page, `${lang}-reviews-${name}`)
}

test.describe
  .serial('a buyer reviews what arrived, follows the shop and finds it all again', () => {
    let buyer: Session
    let listing: ProductDetail
    let orderId = 0
    let reviewId = 0

    test.beforeAll(async () => {
      test.setTimeout(120_000)
      // A buyer with a payment password, 2,000 USDT approved by the operator and a default address.
      buyer = await fundedBuyer('reviewer', paymentPassword, 200_000)
      const address = await addAddress(buyer.token, berlin)
      const chosen = await listingWithOptions(demoMerchants.street.shopId)
      listing = chosen.listing
      const [placed] = await placeOrders(buyer.token, [{ item: chosen.item, quantity: 1 }], address.id)
      orderId = placed?.id ?? 0
      await payOrders(buyer.token, [orderId], paymentPassword)
      await shipOrder('street', orderId, `JD${orderId}77001`)
    })

    test('receive → review with a photo → the product page’s real average → follow → favourites → history', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000)
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(error.message))
      await startLoggedIn(page, buyer)

      await test.step('receipt, then the order offers “Review”', async () => {
        await page.goto(`#/pages/member/orderDetail?id=${orderId}`)
        await page.getByTestId('action-confirmReceipt').click()
        await confirmDialog(page, 'Confirm receipt')
        await expect(page.getByTestId('order-status')).toHaveText('Received')
        await page.getByTestId('action-review').click()
        await expect(page).toHaveURL(new RegExp(`/pages/member/comment\\?orderId=${orderId}$`))
      })

      await test.step('four stars, a text with markup that stays text, and a photo', async () => {
        const form = page.getByTestId('review-form')
        await expect(form.getByTestId('review-stars')).toHaveText('Excellent')
        await form.getByTestId('review-star-4').click()
        await expect(form.getByTestId('review-stars')).toHaveText('Good')
        await form.getByTestId('review-text').fill(comment)
        await expect(form.getByText('30/140')).toBeVisible()
        await form
          .getByTestId('review-photo-input')
          .setInputFiles({ name: 'dress.png', mimeType: 'image/png', buffer: await reviewPhotoPng() })
        await expect(form.locator('img')).toHaveCount(1)
        await take(page, 'comment-form', 'en')
        await form.getByTestId('review-submit').click()
        await expectShopToast(page, 'Review posted')
        const posted = page.getByTestId('review')
        await expect(posted.getByTestId('review-comment')).toHaveText(comment)
        await expect(posted).toContainText(/Size: |Shoe size: /)
        await expect(page.getByTestId('review-edit')).toBeVisible()
        reviewId = Number(await posted.getAttribute('data-review-id'))
        await take(page, 'comment-done', 'en')
      })

      await test.step('the product page: the real average (4.0 of one review), counts by star, the photo', async () => {
        await page.goto(`#/pages/product/goods?id=${listing.id}`)
        const reviews = page.getByTestId('reviews')
        await expect(reviews.getByTestId('review-average')).toHaveText('4.0')
        await expect(reviews).toContainText('1 review')
        await expect(reviews.getByTestId('reviews-photos')).toHaveText('With photos (1)')
        await expect(page.getByTestId('price-reviews')).toHaveText('★ 4.0 (1)')
        await expect(reviews.getByTestId('review-comment')).toHaveText(comment)
        const photo = reviews.getByTestId('review-photo')
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
        await reviews.scrollIntoViewIfNeeded()
        await take(page, 'goods', 'en')
        // The full list with the photos filter.
        await reviews.getByTestId('reviews-photos').click()
        await expect(page).toHaveURL(/comment_list\?id=\d+&filter=photos$/)
        await expect(page.getByTestId('review')).toHaveCount(1)
        await expect(page.getByTestId('review-filter-photos')).toHaveAttribute('aria-selected', 'true')
        await take(page, 'list', 'en')
      })

      await test.step('follow the shop from its page: the followers figure is the real count', async () => {
        await page.goto(`#/pages/product/shop_home?id=${listing.shop.id}`)
        const header = page.getByTestId('shop-header')
        await expect(header.getByTestId('follow-shop')).toHaveText('Follow')
        const followersBefore = Number(await header.locator('dd').nth(2).textContent())
        await header.getByTestId('follow-shop').click()
        await expect(header.getByTestId('follow-shop')).toHaveText('Following')
        await expect(header.locator('dd').nth(2)).toHaveText(String(followersBefore + 1))
        await take(page, 'shop', 'en')
      })

      await test.step('favourites, shops tab', async () => {
        await page.goto('#/pages/member/collect?tab=shops')
        await expect(page.getByTestId('followed-shop')).toHaveCount(1)
        await expect(page.getByTestId('followed-shop')).toContainText(listing.shop.name)
        await take(page, 'collect-shops', 'en')
      })

      await test.step('history: the product viewed, under today', async () => {
        await page.goto('#/pages/member/history')
        const day = page.getByTestId('history-day').first()
        await expect(day).toContainText('Today')
        await expect(day.locator(`[data-testid="history-item"][data-listing-id="${listing.id}"]`)).toBeVisible()
        await take(page, 'history', 'en')
      })

      const me = await test.step('the member page: counts, and the invitation code', async () => {
        await page.goto('#/pages/member/index')
        await expect(page.getByTestId('figure-shops-count')).toHaveText('1')
        await expect(page.getByTestId('figure-history-count')).toHaveText('1')
        const me = await api.get('/api/me', Me, { token: buyer.token })
        await expect(page.getByTestId('invitation-code')).toHaveText(me.invitationCode)
        await expect(page.getByTestId('orders-to_review')).not.toContainText(/\d/)
        await take(page, 'member', 'en')
        return me
      })

      await test.step('the invitation link opens registration with the code filled in, for a visitor', async () => {
        const visitor = await browser.newPage({ baseURL: testInfo.project.use.baseURL })
        await visitor.goto(`#/pages/login/register?invite=${me.invitationCode}`)
        await expect(visitor.getByTestId('register-invite').locator('input')).toHaveValue(me.invitationCode)
        await visitor.close()
      })

      await test.step('history: delete one entry', async () => {
        await page.goto('#/pages/member/history')
        await page.getByTestId('history-remove').first().click()
        await expect(page.getByTestId('history-item')).toHaveCount(0)
      })

      expect(problems).toEqual([])
    })

    test('the same pages in Arabic, right to left', async ({ page }) => {
      test.setTimeout(120_000)
      await chooseLanguage(page, 'ar')
      await startLoggedIn(page, buyer)

      await test.step('the product page: the average in Arabic', async () => {
        await page.goto(`#/pages/product/goods?id=${listing.id}`)
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
        const reviews = page.getByTestId('reviews')
        await expect(reviews.getByTestId('review-average')).toHaveText(/^(4\.0|٤٫٠)$/)
        await reviews.scrollIntoViewIfNeeded()
        await take(page, 'goods', 'ar')
      })

      await test.step('the review, the shop followed, the favourites', async () => {
        await page.goto(`#/pages/member/comment?orderId=${orderId}`)
        await expect(page.getByTestId('review')).toBeVisible()
        await take(page, 'comment-done', 'ar')
        await page.goto(`#/pages/product/shop_home?id=${listing.shop.id}`)
        await expect(page.getByTestId('follow-shop')).toHaveText('تتابعه')
        await take(page, 'shop', 'ar')
        await page.goto('#/pages/member/collect?tab=shops')
        await expect(page.getByTestId('followed-shop')).toHaveCount(1)
        await take(page, 'collect-shops', 'ar')
      })

      await test.step('history (the product seen again) and the member page', async () => {
        await page.goto(`#/pages/product/goods?id=${listing.id}`)
        await expect(page.getByTestId('reviews')).toBeVisible()
        await page.goto('#/pages/member/history')
        await expect(page.getByTestId('history-item')).toHaveCount(1)
        await take(page, 'history', 'ar')
        await page.goto('#/pages/member/index')
        await expect(page.getByTestId('invitation-code')).toBeVisible()
        await take(page, 'member', 'ar')
      })
    })

    test('an operator hides the review with a reason; the buyer reads why, and the product page no longer counts it', async ({ page }) => {
      test.setTimeout(120_000)

      await test.step('the console: hide with a reason; the audit log records it', async () => {
        await page.setViewportSize(consoleViewport)
        await logIn(page)
        await openSection(page, 'Reviews')
        const row = page.getByTestId('reviews-table').locator(`tr[data-row-key="${reviewId}"]`)
        await expect(row).toContainText('4 stars')
        await row.getByTestId('hide-review').click()
        await page.getByTestId('hide-reason').fill(hideReason)
        await page.getByTestId('hide-confirm').click()
        await expect(row).toContainText(hideReason)
        await expect(page.locator('.ant-modal-wrap')).toBeHidden()
        await consoleShot(page, 'reviews')
        await openSection(page, 'Audit log')
        await expect(page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'Review hidden' }).first()).toContainText(
          hideReason,
        )
      })

      await test.step('the buyer reads the reason; the product page no longer counts the review', async () => {
        await page.setViewportSize({ width: 390, height: 844 })
        await startLoggedIn(page, buyer)
        await page.goto('#/pages/member/comment_list')
        await expect(page.getByTestId('review-hidden')).toContainText(`Reason: ${hideReason}`)
        await take(page, 'mine-hidden', 'en')
        await page.goto(`#/pages/product/goods?id=${listing.id}`)
        await expect(page.getByTestId('reviews')).toContainText('No reviews yet')
      })
    })
  })
