import { salePriceCents } from '@bazaar/contract/merchant-values'
import { Order } from '@bazaar/contract/orders'
import { registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import {
  applicant,
  applyByApi,
  approveBondRequestOf,
  cheapProduct,
  decideApplication,
  documentPng,
  fund,
  settled,
  uniqueShopName,
  withAfterSalesClosed,
} from './support/merchant'
import { addAddress, dubaiAddress, payOrders, placeOrders } from './support/orders'
import { signIn } from './support/session'
import { confirmDialog } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast } from './support/toast'
import { fundedBuyer } from './support/wallet'

/**
 * A merchant's whole life in the shop (issue "Merchant stores"): a buyer applies in four
 * steps, the operator approves (through the API: the console's pages are another issue), the
 * merchant lists a catalogue product at its level's ratio, a buyer orders and pays, shipping
 * pays the purchase price (refused while the wallet is empty), the buyer confirms, the
 * after-sales window closes (the operator's order rules) and the sweep settles, the dashboard
 * shows the money, the merchant signs a level-2 contract, then asks to go back to level 1,
 * which the operator approves.
 */

const paymentPassword = '135790'
const cents = (n: number) => String(n)

test('a buyer opens a shop, sells a catalogue product, is settled and changes level', async ({ page }) => {
  test.setTimeout(240_000)
  const merchant = await registerByApi(uniqueEmail('merchant'))
  const shopName = uniqueShopName('Oils of Erika')
  const { token } = merchant

  await test.step('the member page’s merchant centre: not yet a merchant, with the way to apply', async () => {
    await page.goto('#/pages/member/index')
    await signIn(page, token)
    await page.getByTestId('to-merchant').click()
    await expect(page).toHaveURL(/\/pages\/shop\/index$/)
    await expect(page.getByText('Sorry, you are not yet a merchant')).toBeVisible()
    await page.getByTestId('apply-shop').click()
    await expect(page).toHaveURL(/\/pages\/shop\/apply$/)
  })

  await test.step('four steps: personal (the others not yet open), identity, photos, shop; then under review', async () => {
    await expect(page.getByTestId('type-enterprise')).toContainText('Not yet open')
    await expect(page.getByTestId('type-charity')).toContainText('Not yet open')
    await expect(page.getByTestId('type-personal')).toBeChecked()
    await page.getByTestId('apply-next').click()
    // Next with nothing filled: each field says what it needs.
    await page.getByTestId('apply-next').click()
    await expect(page.getByTestId('apply-name')).toHaveAttribute('aria-invalid', 'true')
    for (const field of ['nationality', 'issuingCountry'] as const) await page.getByTestId(`apply-${field}`).selectOption(applicant[field])
    await page.getByTestId('apply-documentKind').selectOption('passport')
    for (const field of [
      'documentNumber',
      'documentValidUntil',
      'name',
      'birthplace',
      'birthDate',
      'residence',
      'city',
      'street',
      'postalCode',
    ] as const)
      await page.getByTestId(`apply-${field}`).fill(applicant[field])
    await page.getByTestId('apply-contactEmail').fill('not-an-email')
    await page.getByTestId('apply-next').click()
    await expect(page.getByText('Please enter a correct email address')).toBeVisible()
    await page.getByTestId('apply-contactEmail').fill(applicant.contactEmail)
    await page.getByTestId('apply-next').click()

    await page
      .getByTestId('apply-frontPhotoUploadId')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await documentPng('front') })
    await page
      .getByTestId('apply-backPhotoUploadId')
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await documentPng('back') })
    await expect(page.getByTestId('apply-backPhotoUploadId-preview')).toHaveAttribute('data-status', 'done')
    await expect(page.getByTestId('apply-frontPhotoUploadId-preview')).toHaveAttribute('data-status', 'done')
    await page.getByTestId('apply-next').click()

    await page.getByTestId('apply-shopName').fill(shopName)
    await page.getByTestId('apply-submit').click()
    await expect(page.getByText('Please confirm the address first')).toBeVisible()
    await page.getByTestId('apply-addressConfirmed').click()
    await page.getByTestId('apply-submit').click()
    await expect(page.getByTestId('application-result')).toHaveAttribute('data-status', 'under_review')
  })

  await test.step('applying again while it is under review answers Processing', async () => {
    await expect(applyByApi(token, uniqueShopName('Second try'))).rejects.toThrow(/→ 409 Processing$/)
  })

  await test.step('the operator approves: the shop is open', async () => {
    await decideApplication(shopName, { approve: true })
    await page.reload()
    await expect(page.getByTestId('application-result')).toHaveAttribute('data-status', 'approved')
    await page.getByTestId('to-my-shop').click()
    await expect(page.getByTestId('dashboard-shop-name')).toHaveText(shopName)
    await expect(page.getByTestId('dashboard-level')).toHaveText('Level 1')
  })

  const product = await cheapProduct(token, 'Tree Oil')
  const sku = product.skus[0]!
  const saleCents = salePriceCents(sku.purchasePriceCents, 1_000)
  const listingId = await test.step('the catalogue by search: purchase, sale at 10 % and profit before saving; listed', async () => {
    await page.getByTestId('to-goods-add').click()
    await page.getByTestId('catalogue-search').fill('Tree Oil')
    await page.getByTestId('catalogue-search-submit').click()
    await page.locator(`[data-testid="catalogue-item"][data-id="${product.productId}"]`).click()
    const row = page.getByTestId('price-row').first()
    await expect(row.getByTestId('sale-price').locator('[data-cents]')).toHaveAttribute('data-cents', cents(saleCents))
    await expect(row.getByTestId('expected-profit').locator('[data-cents]')).toHaveAttribute(
      'data-cents',
      cents(saleCents - sku.purchasePriceCents),
    )
    await page.getByTestId('add-listing').click()
    await expectShopToast(page, 'Listed in your shop')
    await expect(page).toHaveURL(/\/pages\/shop\/goods_manage_detail\?id=\d+$/)
    await expect(page.getByTestId('listing-status')).toHaveText('On sale')
    return Number(new URL(page.url().replace('#', '')).searchParams.get('id'))
  })

  const orderId = await test.step('a buyer orders it and pays from the wallet', async () => {
    const buyer = await fundedBuyer('merchant-customer', paymentPassword, 50_000)
    const addressId = (await addAddress(buyer.token, dubaiAddress)).id
    const item = { listingId, skuId: sku.skuId, title: product.title }
    const [placed] = await placeOrders(buyer.token, [{ item, quantity: 1 }], addressId)
    await payOrders(buyer.token, [placed!.id], paymentPassword)
    return { id: placed!.id, buyer: buyer.token }
  })

  await test.step('shipping pays the purchase price: refused while the wallet is empty, then shipped', async () => {
    await page.goto(`#/pages/shop/orderDetail?id=${orderId.id}`)
    await page.getByTestId('ship-carrier').locator('input').fill('DHL Express')
    await page.getByTestId('ship-tracking').locator('input').fill('JD0146000099887')
    await page.getByTestId('ship-submit').click()
    await expect(page.getByTestId('ship-short')).toContainText('Your wallet balance is too low')
    await expect(page.getByTestId('ship-recharge')).toHaveAttribute('href', '/pages/member/recharge')
    await fund(token, 60_000)
    await page.getByTestId('ship-submit').click()
    await expect(page.getByTestId('order-status')).toHaveText('Shipped')
    const money = page.getByTestId('money-timeline')
    await expect(money.locator('[data-kind="paid"] [data-cents]')).toHaveAttribute('data-cents', cents(saleCents))
    await expect(money.locator('[data-kind="purchase_paid"] [data-cents]')).toHaveAttribute('data-cents', cents(sku.purchasePriceCents))
  })

  await test.step('the buyer confirms receipt; the order waits for settlement with its profit', async () => {
    await api.post(`/api/orders/${orderId.id}/receive`, undefined, Order, { token: orderId.buyer })
    await page.goto('#/pages/shop/wait_order')
    const row = page.locator(`[data-testid="settlement"][data-order-id="${orderId.id}"]`)
    await expect(row.getByTestId('paid-by-user').locator('[data-cents]')).toHaveAttribute('data-cents', cents(saleCents))
    await expect(row.getByTestId('paid-by-merchant').locator('[data-cents]')).toHaveAttribute('data-cents', cents(sku.purchasePriceCents))
    await expect(row.getByTestId('settlement-profit').locator('[data-cents]')).toHaveAttribute(
      'data-cents',
      cents(saleCents - sku.purchasePriceCents),
    )
  })

  await test.step('the after-sales window closes and the sweep settles: the dashboard shows the money', async () => {
    await withAfterSalesClosed(() => settled(token, orderId.id))
    await page.goto('#/pages/shop/index')
    const withdrawable = 60_000 - sku.purchasePriceCents + saleCents
    const figure = (id: string) => page.getByTestId(`figure-${id}`).locator('[data-cents]')
    await expect(figure('withdrawable')).toHaveAttribute('data-cents', cents(withdrawable))
    await expect(figure('pending-settlement')).toHaveAttribute('data-cents', '0')
    await expect(figure('operating-funds')).toHaveAttribute('data-cents', cents(withdrawable))
    await expect(figure('turnover')).toHaveAttribute('data-cents', cents(saleCents))
    await expect(figure('total-profit')).toHaveAttribute('data-cents', cents(saleCents - sku.purchasePriceCents))
    await expect(page.getByTestId('figure-goods').locator('dd')).toHaveText('1')
    await expect(page.getByTestId('dashboard-chart')).toBeVisible()
  })

  await test.step('level 2: the contract is read to its end, signed, and the bond paid from the wallet', async () => {
    await page.getByTestId('to-shop-bond').click()
    await page.getByTestId('upgrade-2').click()
    await expect(page.getByTestId('sign-amount')).toHaveText('$500.00')
    await page.getByTestId('signer-name').fill('Erika Mustermann')
    await page.getByTestId('sign-agree').click()
    await expect(page.getByTestId('sign-submit')).toBeDisabled()
    await page.getByTestId('contract-end').scrollIntoViewIfNeeded()
    await expect(page.getByTestId('scroll-first')).toHaveCount(0)
    await page.getByTestId('sign-submit').click()
    await expect(page).toHaveURL(/\/pages\/shop\/shop_bond$/)
    await expect(page.getByTestId('bond-level')).toHaveText('Level 2')
    await expect(page.getByTestId('bond-amount').locator('[data-cents]')).toHaveAttribute('data-cents', '50000')
    await expect(page.getByTestId('bond-request').first()).toHaveAttribute('data-status', 'upgraded')
  })

  await test.step('back to level 1: asked with a confirmation, approved by the operator, the bond returned', async () => {
    await expect(page.getByTestId('bond-returns')).toHaveText('Returns \u2066$500.00\u2069 to your wallet')
    await page.getByTestId('bond-reason').fill('Quiet season')
    await page.getByTestId('bond-send').click()
    await confirmDialog(page, 'Send request')
    await expectShopToast(page, 'Request sent')
    await expect(page.getByTestId('bond-request').first()).toHaveAttribute('data-status', 'processing')
    await expect(page.getByTestId('bond-change-blocked')).toContainText('A request is being reviewed')
    await approveBondRequestOf(shopName)
    await page.reload()
    await expect(page.getByTestId('bond-level')).toHaveText('Level 1')
    const request = page.getByTestId('bond-request').first()
    await expect(request).toHaveAttribute('data-status', 'agree')
    await expect(request.locator('li')).toHaveText([/^Requested/, /^Approved/])
    await expect(page.getByTestId('bond-amount').locator('[data-cents]')).toHaveAttribute('data-cents', '0')
  })
})
