import { ProductDetail } from '@bazaar/contract/catalog'
import { demoMerchants } from './support/accounts'
import { api } from './support/api'
import { listingOf } from './support/catalog'
import { addAddress, dubaiAddress, placeOrders } from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expectLanguage } from './support/shop'
import { expect, test } from './support/test'
import { fundedBuyer } from './support/wallet'

/**
 * One unit for prices and balances (issue 22, item 13): the locale's US-dollar format on the
 * product page, the wallet, the payment sheet and the withdrawal page's balance; "USDT" only where coins
 * move (recharge, withdrawal amount and network fee), and there the page says 1 USDT = $1.
 * In English and Arabic. Screenshots: test-results/screenshots/{en,ar}-units-*.png.
 */

const paymentPassword = '975318'

for (const { lang, dir } of [
  { lang: 'en', dir: 'ltr' },
  { lang: 'ar', dir: 'rtl' },
] as const) {
  test(`${lang}: prices and balances in dollars; USDT only where coins move, with 1 USDT = $1 said there`, async ({ page }) => {
    test.setTimeout(90_000)
    const buyer = await fundedBuyer(`units-${lang}`, paymentPassword, 123_450)
    const item = await listingOf(demoMerchants.gadgets.shopId)
    const addressId = (await addAddress(buyer.token, { ...dubaiAddress, isDefault: true })).id
    const [order] = await placeOrders(buyer.token, [{ item, quantity: 1 }], addressId)
    await chooseLanguage(page, lang)
    await startLoggedIn(page, buyer)
    // The locale's own way of writing dollars, from the browser's Intl (what the pages must show).
    const usd = (cents: number) =>
      page.evaluate(({ cents, lang }) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(cents / 100), {
        cents,
        lang,
      })
    const noUsdt = async () => expect(page.locator('body')).not.toContainText('USDT')
    // The rate is a sentence: its amount sits in a left-to-right isolate, which reads as nothing.
    const rateText = async () => (await page.getByTestId('usdt-rate').textContent())?.replace(/[\u2066-\u2069\u200e\u200f]/g, '')
    const rate = async () => `1 USDT = ${(await usd(100)).replace(/[\u200e\u200f]/g, '')}`

    await test.step('the product page: the price in dollars, no USDT', async () => {
      const listing = await api.get(`/api/products/${item.listingId}`, ProductDetail)
      await page.goto(`/pages/product/goods?id=${item.listingId}`)
      await expectLanguage(page, lang, dir)
      await expect(page.getByTestId('product-price')).toHaveText(await usd(listing.priceCents))
      await noUsdt()
      await shot(page, `${lang}-units-product`)
    })

    await test.step('the wallet: the balance in dollars, no USDT on the page', async () => {
      await page.goto('/pages/member/money')
      await expectLanguage(page, lang, dir)
      await expect(page.getByTestId('wallet-available')).toHaveText(await usd(123_450))
      await expect(page.getByTestId('wallet-record').first()).toBeVisible()
      await noUsdt()
      await shot(page, `${lang}-units-wallet`)
    })

    await test.step('the payment sheet: the amount and the balance in dollars', async () => {
      await page.goto(`/pages/member/orderDetail?id=${order!.id}`)
      await page.getByTestId('action-pay').click()
      await expect(page.getByTestId('pay-amount')).toHaveText(await usd(order!.totalCents))
      await expect(page.getByTestId('pay-balance')).toHaveText(await usd(123_450))
      await noUsdt()
      await shot(page, `${lang}-units-pay`)
    })

    await test.step('recharge: coins move, so USDT, and the rate is said', async () => {
      await page.goto('/pages/member/recharge')
      await expect(page.getByTestId('usdt-rate')).toBeVisible()
      expect(await rateText()).toBe(await rate())
      await expect(page.getByTestId('recharge-amount-unit')).toHaveText('USDT')
      await shot(page, `${lang}-units-recharge`)
    })

    await test.step('withdrawal: the balance in dollars, the amount and fee in USDT, and the rate', async () => {
      await page.goto('/pages/member/withdrawal')
      await expect(page.getByTestId('withdrawal-available')).toHaveText(await usd(123_450))
      await expect(page.getByTestId('withdrawal-fee')).toContainText('USDT')
      await expect(page.getByTestId('usdt-rate')).toBeVisible()
      expect(await rateText()).toBe(await rate())
      await shot(page, `${lang}-units-withdrawal`)
    })
  })
}
