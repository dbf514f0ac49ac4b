import type { Session } from '@bazaar/contract/auth'
import { merchantToken } from './support/accounts'
import { type Buyable, listingOf } from './support/catalog'
import {
  addAddress,
  addToCartByApi,
  applyRefund,
  dubaiAddress,
  emptyCart,
  order,
  orderHistory,
  payOrders,
  placeOrders,
} from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, signIn, switchTo } from './support/session'
import { expect, test } from './support/test'
import { fundedBuyer } from './support/wallet'

/**
 * Screenshots at 390×844 of buying in English and Arabic, into
 * test-results/screenshots/<lang>-orders-*.png: goods, cart, buy, payment, the order list and
 * detail, the address form, and the merchant's pages. The history to show is made through
 * the API first (support/orders.ts `orderHistory`).
 */

const paymentPassword = '246810'
let buyer: Session
let gadgets: Buyable
let homeA: Buyable
let homeB: Buyable
let addressId = 0
let gadgetOrderId = 0
let homeOrderId = 0
let toShipId = 0

test.beforeAll(async () => {
  test.setTimeout(120_000)
  buyer = await fundedBuyer('shots', paymentPassword, 500_000)
  gadgets = await listingOf(1)
  homeA = await listingOf(2)
  homeB = await listingOf(2, 1)
  addressId = (await addAddress(buyer.token, dubaiAddress)).id
  ;({ gadgetOrderId, homeOrderId } = await orderHistory(buyer.token, { gadgets, home: homeA }, addressId, paymentPassword))
})

for (const { lang, dir } of [
  { lang: 'en', dir: 'ltr' },
  { lang: 'ar', dir: 'rtl' },
] as const) {
  test(`screenshots in ${lang}: cart, buy, payment, orders, detail, address form, merchant detail`, async ({ page }) => {
    test.setTimeout(120_000)
    const take = (name: string) => shot(page, `${lang}-orders-${name}`)
    await chooseLanguage(page, lang)
    await page.goto('#/pages/index')
    await signIn(page, buyer.token)

    const unpaidId = await test.step('lines from two shops in the cart, an unpaid order, a refund waiting, an order to ship', async () => {
      await addToCartByApi(buyer.token, gadgets, 1)
      await addToCartByApi(buyer.token, homeB, 2)
      const [unpaid] = await placeOrders(buyer.token, [{ item: homeA, quantity: 1 }], addressId)
      // A refund waiting for the shop's answer (its 24-hour countdown), and a paid order to ship.
      if (!(await order(buyer.token, gadgetOrderId)).refunds.some((r) => r.status === 'applied')) {
        await applyRefund(buyer.token, gadgetOrderId, 1, 'One cable is missing')
      }
      if (toShipId === 0) {
        const [placed] = await placeOrders(buyer.token, [{ item: gadgets, quantity: 1 }], addressId, { '1': 'Leave it with the concierge' })
        toShipId = placed?.id ?? 0
        await payOrders(buyer.token, [toShipId], paymentPassword)
      }
      return unpaid?.id ?? 0
    })

    await test.step('goods: the action bar and the spec sheet', async () => {
      await page.goto(`#/pages/product/goods?id=${homeA.listingId}`)
      await expect(page.getByTestId('favourite')).toBeVisible()
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await take('goods-bar')
      await page.getByTestId('add-to-cart').click()
      await expect(page.getByTestId('sheet-add')).toBeVisible()
      await take('goods-sheet')
    })

    await test.step('cart, its edit mode, and the buy page', async () => {
      await page.goto('#/pages/cart')
      await expect(page.getByTestId('cart-line')).toHaveCount(2)
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      await take('cart')
      await page.getByTestId('cart-edit').click()
      await page.getByTestId('line-check').first().click()
      await take('cart-edit')

      await page.goto('#/pages/buy?from=cart')
      await expect(page.getByTestId('buy-group')).toHaveCount(2)
      await take('buy')
    })

    await test.step('payment, the order list, and order details with refunds', async () => {
      await page.goto(`#/pages/member/orderDetail?id=${unpaidId}`)
      await page.getByTestId('action-pay').click()
      await expect(page.locator('.adm-number-keyboard-popup .adm-popup-body')).toBeVisible()
      await take('payment')

      await page.goto('#/pages/member/order?tab=all')
      await expect(page.getByTestId('order-card').first()).toBeVisible()
      await take('list')

      await page.goto(`#/pages/member/orderDetail?id=${homeOrderId}`)
      await expect(page.getByTestId('refunds')).toBeVisible()
      await take('detail')
      await page.goto(`#/pages/member/orderDetail?id=${gadgetOrderId}`)
      await expect(page.getByTestId('refund')).toHaveAttribute('data-status', 'applied')
      await page.getByTestId('refunds').evaluate((el) => el.scrollIntoView({ block: 'start' }))
      await take('detail-refund-waiting')
    })

    await test.step('the address form', async () => {
      await page.goto(`#/pages/member/address_save?id=${addressId}`)
      await expect(page.getByTestId('address-name').locator('input')).toHaveValue('Lina Haddad')
      await take('address-form')
    })

    await test.step('the merchant: order detail with a refund to answer, shipping, the list', async () => {
      await switchTo(page, await merchantToken('gadgets'))
      await page.goto(`#/pages/shop/orderDetail?id=${gadgetOrderId}`)
      await expect(page.getByTestId('logistics')).toBeVisible()
      await expect(page.getByTestId('refund-agree')).toBeVisible()
      await take('merchant-detail')
      await page.goto(`#/pages/shop/orderDetail?id=${toShipId}`)
      await expect(page.getByTestId('ship-form')).toBeVisible()
      await take('merchant-ship')
      await page.goto('#/pages/shop/order?tab=all')
      await expect(page.getByTestId('order-card').first()).toBeVisible()
      await take('merchant-list')
    })
    await emptyCart(buyer.token)
  })
}
