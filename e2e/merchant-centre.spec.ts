import type { Session } from '@bazaar/contract/auth'
import { CouponItem, IssuedCoupon } from '@bazaar/contract/coupon'
import { Order } from '@bazaar/contract/orders'
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { z } from 'zod'
import { registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { cheapProducts, listProduct, openShopByApi, uniqueShopName } from './support/merchant'
import { asOperator } from './support/operator'
import { addAddress, dubaiAddress, payOrders } from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expectLanguage } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast } from './support/toast'
import { fundedBuyer } from './support/wallet'

/**
 * The merchant centre as a new merchant reads it (issue 22), in English and Arabic: the
 * dashboard's funds add up on screen (the support fund, platform coupon money already inside
 * them, is said so and not listed as an addend), the shop's coupons are a tap away, the
 * order count speaks the language's plural form, and a tall logo stays inside its preview in
 * the shop settings. Screenshots: test-results/screenshots/{en,ar}-centre-*.png.
 */

const paymentPassword = '246813'
const Orders = z.object({ items: z.array(Order) })

/** The cents an amount on screen carries (`<Money>` writes them as `data-cents`). */
async function centsOf(locator: Locator): Promise<number[]> {
  return locator.evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.cents)))
}

/** A logo four times taller than wide (PNG), as merchants upload them from phones. */
function tallLogoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="480"><rect width="120" height="480" fill="#7c3aed"/>
    <circle cx="60" cy="60" r="40" fill="#fde68a"/><circle cx="60" cy="420" r="40" fill="#fde68a"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/**
 * Checks that the picture an <img> draws lies within `outer`'s box (a pixel of rounding
 * allowed): the drawn picture, not the element, as object-fit lays it out (centred), so a
 * picture cut to its middle by `cover` counts as running over.
 */
async function expectPictureInside(img: Locator, outer: Locator): Promise<void> {
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalHeight)).toBeGreaterThan(0)
  const drawn = await img.evaluate((el) => {
    const image = el as HTMLImageElement
    const box = image.getBoundingClientRect()
    const fit = getComputedStyle(image).objectFit
    const [w, h] = [image.naturalWidth, image.naturalHeight]
    const scale =
      fit === 'contain' || fit === 'scale-down'
        ? Math.min(box.width / w, box.height / h, fit === 'scale-down' ? 1 : Number.POSITIVE_INFINITY)
        : fit === 'cover'
          ? Math.max(box.width / w, box.height / h)
          : fit === 'none'
            ? 1
            : 0
    const [width, height] = scale === 0 ? [box.width, box.height] : [w * scale, h * scale]
    return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height }
  })
  const frame = await outer.boundingBox()
  if (!frame) throw new Error('no box to compare')
  expect(drawn.y, 'top inside').toBeGreaterThanOrEqual(frame.y - 1)
  expect(drawn.y + drawn.height, 'bottom inside').toBeLessThanOrEqual(frame.y + frame.height + 1)
  expect(drawn.x, 'start inside').toBeGreaterThanOrEqual(frame.x - 1)
  expect(drawn.x + drawn.width, 'end inside').toBeLessThanOrEqual(frame.x + frame.width + 1)
}

async function take(page: Page, lang: string, name: string): Promise<void> {
  await shot(page, `${lang}-centre-${name}`)
}

test.describe
  .serial('the merchant centre as a new merchant reads it, in English and Arabic', () => {
    let merchant: Session
    let shopId = 0
    let couponCents = 0

    test.beforeAll(async () => {
      test.setTimeout(120_000)
      merchant = await registerByApi(uniqueEmail('centre'))
      shopId = await openShopByApi(merchant.token, uniqueShopName('Amber Court'), 20_000)
      const listing = await listProduct(merchant.token, (await cheapProducts(merchant.token, 1))[0]!.productId)

      // A platform coupon paid into the shop's order: the support fund is then more than zero.
      const nowMs = Date.now()
      const coupon = await api.post(
        '/api/admin/coupons',
        {
          kind: 'instant',
          title: 'Welcome dollar',
          thresholdCents: 0,
          amountCents: 100,
          percentOff: 0,
          startsAtMs: nowMs - 60_000,
          endsAtMs: nowMs + 86_400_000,
          stock: 10,
          perBuyerLimit: 1,
        },
        IssuedCoupon,
        await asOperator(),
      )
      couponCents = coupon.amountCents
      const buyer = await fundedBuyer('centre-buyer', paymentPassword, 50_000)
      const held = await api.post(`/api/coupons/${coupon.id}/claim`, undefined, CouponItem, { token: buyer.token })
      const addressId = (await addAddress(buyer.token, dubaiAddress)).id
      const body = {
        lines: [{ listingId: listing.id, skuId: listing.skus[0]!.skuId, quantity: 1 }],
        addressId,
        coupons: { [String(shopId)]: held.heldId },
      }
      const placed = (await api.post('/api/orders', body, Orders, { token: buyer.token })).items
      expect(placed[0]?.couponCents).toBe(couponCents)
      await payOrders(buyer.token, [placed[0]!.id], paymentPassword)
    })

    for (const { lang, dir } of [
      { lang: 'en', dir: 'ltr' },
      { lang: 'ar', dir: 'rtl' },
    ] as const) {
      test(`${lang}: the dashboard, its ways onward, and the shop settings`, async ({ page }) => {
        test.setTimeout(90_000)
        await chooseLanguage(page, lang)
        await startLoggedIn(page, merchant)
        await page.goto('/pages/shop/index')
        await expectLanguage(page, lang, dir)

        await test.step('the amounts shown as parts of the total add up to it; the support fund is inside them, and says so', async () => {
          const total = page.getByTestId('figure-operating-funds').locator('[data-cents]')
          await expect(total).toBeVisible()
          const parts = page.getByTestId('funds-parts').locator('[data-cents]')
          await expect(parts).toHaveCount(3)
          const [totalCents] = await centsOf(total)
          const partCents = await centsOf(parts)
          expect(partCents.reduce((sum, c) => sum + c, 0)).toBe(totalCents)
          const support = page.getByTestId('figure-support-fund')
          await expect(support.locator('[data-cents]')).toHaveAttribute('data-cents', String(couponCents))
          await expect(page.getByTestId('funds-parts').getByTestId('figure-support-fund')).toHaveCount(0)
          await expect(page.getByTestId('support-fund-note')).toHaveText(
            lang === 'en'
              ? 'Platform coupon money paid into your orders. It is already counted in the figures above, not added to them.'
              : 'أموال قسائم المنصة المدفوعة في طلباتك. وهي محسوبة بالفعل ضمن الأرقام أعلاه، ولا تُضاف إليها.',
          )
        })

        await take(page, lang, 'dashboard')

        await test.step('the shop’s coupons are a tap away from the dashboard', async () => {
          await page.getByTestId('to-shop-coupons').click()
          await expect(page).toHaveURL(/\/pages\/shop\/coupon$/)
          await expect(page.getByTestId('shop-coupon-form')).toBeVisible()
          await page.goBack()
          await expect(page.getByTestId('dashboard-shop-name')).toBeVisible()
        })

        await test.step('settings: a tall logo is seen whole in its preview, before and after saving, and on the dashboard', async () => {
          await page.getByTestId('to-shop-settings').click()
          await page.getByTestId('settings-logo').setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: await tallLogoPng() })
          const preview = page.getByTestId('settings-logo-preview')
          await expect(preview).toHaveAttribute('data-status', 'done')
          await expectPictureInside(preview.locator('img'), preview)
          await page.getByTestId('settings-save').click()
          await expectShopToast(page, lang === 'en' ? 'Settings saved' : 'تم حفظ الإعدادات')
          await page.reload()
          await expect(preview.locator('img')).toBeVisible()
          await expectPictureInside(preview.locator('img'), preview)
          await take(page, lang, 'settings')
          // The dashboard shows the same logo whole, in its own box.
          await page.goto('/pages/shop/index')
          const hero = page
            .locator('section')
            .filter({ has: page.getByTestId('dashboard-shop-name') })
            .locator('img')
          await expectPictureInside(hero, hero)
        })
      })
    }
  })
