import { BondRequest } from '@bazaar/contract/bond'
import { registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { listingOf } from './support/catalog'
import { cheapProducts, listProduct, openShopByApi, uniqueShopName } from './support/merchant'
import { addAddress, dubaiAddress, payOrders, placeOrders } from './support/orders'
import { shot } from './support/screenshot'
import { chooseLanguage, startLoggedIn } from './support/session'
import { expectLanguage } from './support/shop'
import { expect, test } from './support/test'
import { fundedBuyer } from './support/wallet'

/**
 * Plurals where a person reads them (issue 22, item 6): the bond page of a level-2 shop with one
 * paid order not yet settled said '1 orders are still being processed'. Screenshots:
 * test-results/screenshots/{en,ar}-bond-one-order.png.
 */

const paymentPassword = '864213'

test('the bond page counts one unprocessed order as one, in English and Arabic', async ({ page }) => {
  test.setTimeout(150_000)
  const merchant = await registerByApi(uniqueEmail('bond-one'))
  const shopId = await openShopByApi(merchant.token, uniqueShopName('One Order Street'), 60_000)
  await api.post('/api/shop/bond/upgrade', { level: 2, signerName: 'Erika Mustermann', agreed: true }, BondRequest, {
    token: merchant.token,
    'idempotency-key': `bond-one-${Date.now()}`,
  })
  const [product] = await cheapProducts(merchant.token, 1)
  await listProduct(merchant.token, product!.productId)
  const buyer = await fundedBuyer('bond-one-buyer', paymentPassword, 50_000)
  const addressId = (await addAddress(buyer.token, { ...dubaiAddress, isDefault: true })).id
  const [order] = await placeOrders(buyer.token, [{ item: await listingOf(shopId), quantity: 1 }], addressId)
  await payOrders(buyer.token, [order!.id], paymentPassword)

  await chooseLanguage(page, 'en')
  await startLoggedIn(page, merchant)
  await page.goto('#/pages/shop/shop_bond')
  await expect(page.getByTestId('bond-change-blocked')).toHaveText(
    '1 order is still being processed. A request can be sent once it is settled or refunded.',
  )
  await shot(page, 'en-bond-one-order')

  await page.evaluate(() => localStorage.setItem('bazaar.lang', 'ar'))
  await chooseLanguage(page, 'ar')
  await page.reload()
  await expectLanguage(page, 'ar', 'rtl')
  await expect(page.getByTestId('bond-change-blocked')).toHaveText('لا يزال 1 طلب قيد المعالجة. يمكن إرسال الطلب بعد تسويته أو استرداده.')
  await shot(page, 'ar-bond-one-order')
})
