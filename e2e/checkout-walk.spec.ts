import type { Session } from '@bazaar/contract/auth'
import { IssuedCoupon } from '@bazaar/contract/coupon'
import { MyShop } from '@bazaar/contract/merchant-shop'
import { Order, OrderPage } from '@bazaar/contract/orders'
import type { Browser, Page } from '@playwright/test'
import { z } from 'zod'
import { registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { consoleViewport, logIn } from './support/console'
import { cheapProducts, listProduct, openShopByApi, uniqueShopName } from './support/merchant'
import { addAddress, payOrders } from './support/orders'
import { consoleShot, shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expect, test } from './support/test'
import { shopToast } from './support/toast'
import { fundedBuyer } from './support/wallet'

/**
 * What a buyer, a merchant and an operator met on the walk of issue 22, against the real
 * server: a shop that delivers only to Germany and Austria says so on the product page and at
 * checkout before Submit (item 9); Submit pressed again on the same confirm page, after a
 * reload and after another address, leaves one unpaid set (item 10) whose line says "To pay"
 * (item 3); once paid and shipped, the merchant's wallet names the purchase payment the
 * shipping deduction of its order (item 4), the product and its shop count the same units
 * sold (item 7), and the console's ledger names every account kind (item 5). Screenshots at
 * 390×844 in English and Arabic, the console's at 1280×800.
 */

const paymentPassword = '246810'
const boston = { name: 'Sam Carter', mobile: '+1 617 555 0100', country: 'US', city: 'Boston', address: '1 Beacon Street' }
const berlin = { name: 'Ana Lima', mobile: '+49 30 901820', country: 'DE', city: 'Berlin', address: 'Unter den Linden 1' }
const vienna = { name: 'Ana Lima', mobile: '+43 1 5123456', country: 'AT', city: 'Wien', address: 'Graben 1' }

/**
 * The first assertion after a page opens in a new browser: on a machine shared by several
 * developers (load 15–30 on 2 cores) the shop's first render took up to 16 s.
 */
const firstRender = { timeout: 30_000 }

/** A phone page in `lang`, logged in as `session`. */
async function phone(browser: Browser, session: Session, lang: 'en' | 'ar' = 'en'): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'ar' ? 'ar' : 'en-US' })
  const page = await context.newPage()
  await chooseLanguage(page, lang)
  await startLoggedIn(page, session)
  return page
}

const unpaidOf = async (token: string) =>
  (await api.get('/api/orders?tab=pending_payment', OrderPage, { token })).items.map((o) => o.id).sort((a, b) => a - b)

test.describe
  .serial('issue 22: delivery countries, one unpaid set per confirm page, honest labels and figures', () => {
    let merchant: Session
    let shopId = 0
    let listing = { listingId: 0, skuId: 0 }
    let abroad: Session
    let buyer: Session
    let orderId = 0
    let couponId = 0

    test.beforeAll(async () => {
      test.setTimeout(180_000)
      merchant = await registerByApi(uniqueEmail('alpen'))
      const shopName = uniqueShopName('Alpen Laden')
      shopId = await openShopByApi(merchant.token, shopName, 50_000)
      const [product] = await cheapProducts(merchant.token, 1)
      const listed = await listProduct(merchant.token, product!.productId)
      listing = { listingId: listed.id, skuId: listed.skus[0]!.skuId }
      const headers = { token: merchant.token }
      await api.put(
        '/api/shop/settings',
        { name: shopName, bio: '', logoUploadId: null, freightCents: 500, shipCountries: ['DE', 'AT'] },
        MyShop,
        headers,
      )
      const nowMs = Date.now()
      const coupon = await api.post(
        '/api/shop/coupons',
        {
          kind: 'instant',
          title: 'Alpen 1 off',
          thresholdCents: 0,
          amountCents: 100,
          percentOff: 0,
          startsAtMs: nowMs - 60_000,
          endsAtMs: nowMs + 7 * 86_400_000,
          stock: 100,
          perBuyerLimit: 1,
        },
        IssuedCoupon,
        headers,
      )
      couponId = coupon.id
      abroad = await registerByApi(uniqueEmail('boston'))
      await addAddress(abroad.token, { ...boston, isDefault: true })
      buyer = await fundedBuyer('berlin', paymentPassword, 100_000)
      await addAddress(buyer.token, { ...berlin, isDefault: true })
      await addAddress(buyer.token, { ...vienna, isDefault: false })
      await api.post(`/api/coupons/${couponId}/claim`, {}, z.unknown(), { token: buyer.token })
    })

    test('the product page says where the shop delivers, and that it does not deliver to the buyer’s address, in a space kept for it', async ({
      page,
      browser,
    }) => {
      // Several pages, each a first render on a busy machine (see firstRender).
      test.setTimeout(150_000)
      const visitorContext = await browser.newContext()
      const visitor = await visitorContext.newPage()
      await visitor.goto(`pages/product/goods?id=${listing.listingId}`)
      await expect(visitor.getByTestId('delivery-countries')).toHaveText('Only to Austria and Germany', firstRender)
      const reserved = await visitor.getByTestId('delivery-row').boundingBox()
      await visitorContext.close()

      await startLoggedIn(page, abroad)
      await page.goto(`pages/product/goods?id=${listing.listingId}`)
      await expect(page.getByTestId('delivery-warning')).toHaveText('Not to your address in United States', firstRender)
      // The same height as the visitor's row, whose warning line stayed empty: nothing moved when it filled in.
      expect((await page.getByTestId('delivery-row').boundingBox())?.height).toBe(reserved?.height)
      await page.getByTestId('delivery-row').scrollIntoViewIfNeeded()
      await shot(page, 'en-walk-goods-delivery')

      const arabic = await phone(browser, abroad, 'ar')
      await arabic.goto(`pages/product/goods?id=${listing.listingId}`)
      await expect(arabic.getByTestId('delivery-warning')).toContainText('الولايات المتحدة', firstRender)
      await arabic.getByTestId('delivery-row').scrollIntoViewIfNeeded()
      await shot(arabic, 'ar-walk-goods-delivery')
      await arabic.context().close()
    })

    test('the confirm page names the shop’s countries in its group before Submit', async ({ page: english, browser }) => {
      // Several pages, each a first render on a busy machine (see firstRender).
      test.setTimeout(150_000)
      await startLoggedIn(english, abroad)
      for (const lang of ['en', 'ar'] as const) {
        const page = lang === 'en' ? english : await phone(browser, abroad, lang)
        await page.goto(`pages/buy?lines=${listing.listingId}.${listing.skuId}.1`)
        const warning = page.getByTestId('buy-group').getByTestId('buy-no-delivery')
        if (lang === 'en') await expect(warning).toContainText('delivers only to Austria and Germany, not to United States', firstRender)
        else await expect(warning).toContainText('ألمانيا', firstRender)
        await expect(page.getByTestId('buy-submit')).toBeDisabled()
        await shot(page, `${lang}-walk-buy-delivery`)
        if (lang === 'ar') await page.context().close()
      }
    })

    test('Submit again on the same confirm page: after a reload the same unpaid order, after another address one new order in its place', async ({
      page,
    }) => {
      // Several pages, each a first render on a busy machine (see firstRender).
      test.setTimeout(150_000)
      await startLoggedIn(page, buyer)
      await page.goto(`pages/buy?lines=${listing.listingId}.${listing.skuId}.2`)
      await expect(page.getByTestId('buy-coupon-value')).toHaveText(/1\.00/, firstRender)
      await page.getByTestId('buy-submit').click()
      await expect(page.getByTestId('payment-sheet')).toBeVisible()
      const first = await unpaidOf(buyer.token)
      expect(first).toHaveLength(1)

      // The tab was reloaded with the payment sheet open: the same page, its coupon offered again, Submit answers the same order.
      await page.reload()
      await expect(page.getByTestId('buy-coupon-value')).toHaveText(/1\.00/)
      await page.getByTestId('buy-submit').click()
      await expect(page.getByTestId('payment-sheet')).toBeVisible()
      expect(await unpaidOf(buyer.token)).toEqual(first)

      // Another address chosen on the same page: the earlier order is cancelled, one new order waits.
      await page.reload()
      await page.getByTestId('buy-address-pick').click()
      await page.getByTestId('address-card').filter({ hasText: 'Graben 1' }).getByTestId('address-pick').click()
      await expect(page.getByTestId('buy-address')).toContainText('Graben 1')
      await page.getByTestId('buy-submit').click()
      await expect(page.getByTestId('payment-sheet')).toBeVisible()
      const second = await unpaidOf(buyer.token)
      expect(second).toHaveLength(1)
      expect(second).not.toEqual(first)
      expect((await api.get(`/api/orders/${first[0]}`, Order, { token: buyer.token })).status).toBe('cancelled')
      orderId = second[0]!
    })

    test('an unpaid order’s line says what is still to pay', async ({ page: english, browser }) => {
      // Several pages, each a first render on a busy machine (see firstRender).
      test.setTimeout(150_000)
      await startLoggedIn(english, buyer)
      for (const lang of ['en', 'ar'] as const) {
        const page = lang === 'en' ? english : await phone(browser, buyer, lang)
        await page.goto(`pages/member/orderDetail?id=${orderId}`)
        const line = page.getByTestId('line-net-paid')
        await expect(line).toContainText(lang === 'en' ? 'To pay' : 'المطلوب دفعه', firstRender)
        await expect(line).not.toContainText(lang === 'en' ? 'Paid' : 'المدفوع')
        await shot(page, `${lang}-walk-order-to-pay`)
        if (lang === 'ar') await page.context().close()
      }
    })

    test('paid and shipped: the merchant’s wallet names the shipping deduction of the order; product and shop count the same units', async ({
      page: english,
      browser,
    }) => {
      // Several pages, each a first render on a busy machine (see firstRender).
      test.setTimeout(150_000)
      const [paid] = await payOrders(buyer.token, [orderId], paymentPassword)
      await api.post(`/api/shop/orders/${orderId}/ship`, { carrier: 'DHL Express', trackingNo: 'JD0146000099887' }, Order, {
        token: merchant.token,
      })
      await startLoggedIn(english, merchant)
      for (const lang of ['en', 'ar'] as const) {
        const page = lang === 'en' ? english : await phone(browser, merchant, lang)
        await page.goto('pages/member/money')
        const record = page.locator('[data-testid="wallet-record"][data-kind="purchase_payment"]')
        await expect(record).toContainText(lang === 'en' ? 'Shipping deduction' : 'خصم الشحن', firstRender)
        await expect(record.getByTestId('record-order')).toContainText(paid!.orderNo)
        await expect(page.getByTestId('wallet-record').filter({ hasText: /^Other/ })).toHaveCount(0)
        await shot(page, `${lang}-walk-wallet-records`)
        if (lang === 'ar') await page.context().close()
      }

      const page = await phone(browser, buyer)
      await page.goto(`pages/product/goods?id=${listing.listingId}`)
      await expect(page.getByTestId('product-sold')).toHaveText('2 sold', firstRender)
      await expect(page.getByTestId('shop-card-sold')).toHaveText('2 sold')
      await page.getByTestId('shop-card-sold').scrollIntoViewIfNeeded()
      await shot(page, 'en-walk-goods-sold')
      await page.context().close()
      expect(shopId).toBeGreaterThan(0)
    })

    test('the console’s ledger names every account kind, in English and Arabic', async ({ browser }) => {
      // Several pages, each a first render on a busy machine (see firstRender).
      test.setTimeout(150_000)
      for (const lang of ['en', 'ar'] as const) {
        const context = await browser.newContext({ viewport: consoleViewport })
        const page = await context.newPage()
        if (lang === 'ar') await page.addInitScript(() => localStorage.setItem('bazaar.admin.lang', 'ar'))
        await logIn(page)
        await page.goto('admin/#/ledger')
        const kinds = page.getByTestId('trial-by-kind')
        await expect(kinds).toContainText(lang === 'en' ? 'Platform purchase' : 'مشتريات المنصة', firstRender)
        // No account kind shows as its key (platform_purchase, shop_bond…).
        await expect(kinds.getByRole('cell').filter({ hasText: /^[a-z]+_[a-z_]+$/ })).toHaveCount(0)
        await expect(
          page
            .getByTestId('transfers-table')
            .getByRole('cell')
            .filter({ hasText: /^[a-z]+_[a-z_]+$/ }),
        ).toHaveCount(0)
        await expect(shopToast(page)).toHaveCount(0)
        await consoleShot(page, `${lang}-walk-ledger`)
        await context.close()
      }
    })
  })
