import type { Session } from '@bazaar/contract/auth'
import { merchantToken } from './support/accounts'
import { type Buyable, listingOf } from './support/catalog'
import { addresses, cart, order } from './support/orders'
import { signIn, switchTo } from './support/session'
import { addToCart, cartLine, confirmDialog, orderCard, tapDigits } from './support/shop'
import { expect, test } from './support/test'
import { fundedBuyer, walletSummary } from './support/wallet'

/**
 * Buying end to end against the real server (issue 6): a visitor's device cart merged at
 * login, goods from two shops, the cart's edit mode, the address book with the server's field
 * errors, checkout and payment with the payment password, the merchant shipping, the buyer
 * confirming receipt, a refund on the other order agreed by its merchant, and the wallet
 * balance showing it.
 */

const paymentPassword = '246810'
let buyer: Session
let gadgets: Buyable
let homeA: Buyable
let homeB: Buyable

test.beforeAll(async () => {
  test.setTimeout(120_000)
  buyer = await fundedBuyer('buyer', paymentPassword, 500_000)
  gadgets = await listingOf(1)
  homeA = await listingOf(2)
  homeB = await listingOf(2, 1)
})

test('a visitor’s device cart merges at login; edit mode deletes; checkout; payment; shipping; receipt; refund', async ({ page }) => {
  test.setTimeout(240_000)
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))

  await test.step('a visitor adds to the device cart; settling asks to log in first', async () => {
    await addToCart(page, gadgets.listingId)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('bazaar.cart') ?? '[]'))).toEqual([
      { listingId: gadgets.listingId, skuId: gadgets.skuId, quantity: 1, selected: true },
    ])
    await page.goto('#/pages/cart')
    await expect(cartLine(page, gadgets.listingId)).toBeVisible()
    await expect(page.getByTestId('tab-/pages/cart').locator('.adm-badge')).toHaveText('1')
    await expect(page.getByText('Your cart is kept on this device')).toBeVisible()
    await page.getByTestId('cart-settle').click()
    await expect(page).toHaveURL(/\/pages\/login\/login\?redirect=%2Fpages%2Fcart$/)
  })

  await test.step('login: the device cart moves into the account’s cart and leaves the device', async () => {
    await page.goto('#/pages/cart')
    await signIn(page, buyer.token)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('bazaar.cart'))).toBeNull()
    await expect(page.getByText('Your cart is kept on this device')).toBeHidden()
    expect((await cart(buyer.token)).items).toEqual([expect.objectContaining({ listingId: gadgets.listingId, quantity: 1 })])
  })

  await test.step('two more goods from a second shop; the stepper changes the quantity on the server', async () => {
    await addToCart(page, homeA.listingId)
    await addToCart(page, homeB.listingId)
    await page.goto('#/pages/cart')
    await expect(page.getByTestId('cart-line')).toHaveCount(3)
    await expect(page.getByTestId('cart-shop')).toHaveCount(2)
    await expect(page.getByTestId('tab-/pages/cart').locator('.adm-badge')).toHaveText('3')

    await cartLine(page, homeA.listingId).locator('.adm-stepper-plus').click()
    await expect(cartLine(page, homeA.listingId).locator('input')).toHaveValue('2')
    await expect.poll(async () => (await cart(buyer.token)).items.find((i) => i.listingId === homeA.listingId)?.quantity).toBe(2)
  })

  await test.step('edit mode: tick one line, delete it after confirming, finish', async () => {
    await page.getByTestId('cart-edit').click()
    await expect(page.getByTestId('cart-delete')).toBeVisible()
    await cartLine(page, homeB.listingId).getByTestId('line-check').click()
    await page.getByTestId('cart-delete').click()
    await confirmDialog(page, 'Delete')
    await expect(page.getByTestId('cart-line')).toHaveCount(2)
    await expect(cartLine(page, homeB.listingId)).toHaveCount(0)
    await page.getByTestId('cart-edit').click()
    await expect(page.getByTestId('cart-settle')).toHaveText(/Settle \(3\)/)
  })

  await test.step('settle: no address yet; the address form shows the server’s verdict, then the address is picked', async () => {
    await page.getByTestId('cart-settle').click()
    await expect(page).toHaveURL(/\/pages\/buy\?from=cart$/)
    await expect(page.getByTestId('no-address')).toHaveText('Please tap above to add a shipping address')
    await expect(page.getByTestId('buy-group')).toHaveCount(2)
    await page.getByTestId('buy-address-pick').click()
    await expect(page).toHaveURL(/\/pages\/member\/address\?pick=1$/)
    await page.getByTestId('address-add').click()
    await page.getByTestId('address-name').locator('input').fill('Lina Haddad')
    await page.getByTestId('address-mobile').locator('input').fill('12345')
    await page.getByTestId('address-country').click()
    await page.getByTestId('country-search').locator('input').fill('emirates')
    await page.getByTestId('country-AE').click()
    await expect(page.getByTestId('address-country')).toHaveText(/United Arab Emirates/)
    await page.getByTestId('address-city').locator('input').fill('Dubai')
    await page.getByTestId('address-address').locator('input').fill('12 Palm Jumeirah Road')
    await page.getByTestId('address-save').click()
    await expect(page.getByTestId('error-mobile')).toHaveText('Enter a mobile number that is valid in the chosen country')
    await page.getByTestId('address-mobile').locator('input').fill('+971 50 123 4567')
    await page.getByTestId('address-save').click()
    await expect(page).toHaveURL(/\/pages\/member\/address\?pick=1$/)
    await page.getByTestId('address-pick').first().click()
    await expect(page).toHaveURL(/\/pages\/buy\?from=cart$/)
    await expect(page.getByTestId('buy-address')).toContainText('Lina Haddad')
    await expect(page.getByTestId('buy-address')).toContainText('+971501234567')
    expect(await addresses(buyer.token)).toHaveLength(1)
  })

  const { gadgetOrderId, homeOrderId } = await test.step('submit: two orders (one per shop), paid after a wrong password', async () => {
    await page.getByTestId('buy-remark').first().locator('input').fill('Please wrap it as a gift')
    await page.getByTestId('buy-submit').click()
    await expect(page.getByTestId('payment-sheet')).toBeVisible()
    await tapDigits(page, '111111')
    await expect(page.getByText('Wrong payment password, try again')).toBeVisible()
    await tapDigits(page, paymentPassword)
    await expect(page).toHaveURL(/\/pages\/buy\/result\?ids=\d+%2C\d+$/)
    await expect(page.getByTestId('buy-result')).toHaveAttribute('data-paid', 'true')
    await expect(page.getByText('Payment successful')).toBeVisible()
    const ids = new URL(page.url().replace('#/', '')).searchParams.get('ids')?.split(',').map(Number) ?? []
    const paid = await Promise.all(ids.map((id) => order(buyer.token, id)))
    expect(paid.map((o) => o.status)).toEqual(['to_ship', 'to_ship'])
    expect(paid.map((o) => o.remark)).toContain('Please wrap it as a gift')
    // The bought lines left the cart.
    expect((await cart(buyer.token)).items).toEqual([])
    return { gadgetOrderId: paid.find((o) => o.shop.id === 1)?.id ?? 0, homeOrderId: paid.find((o) => o.shop.id === 2)?.id ?? 0 }
  })

  await test.step('the order list’s “to ship” tab has both, with only the actions the state allows', async () => {
    await page.getByTestId('result-view').click()
    await expect(page).toHaveURL(/tab=to_ship/)
    await expect(page.getByTestId('order-card')).toHaveCount(2)
    await expect(orderCard(page, gadgetOrderId).getByRole('button')).toHaveText(['Change address', 'Apply for refund'])
  })

  await test.step('the merchant (Gadget Harbor) ships from the merchant pages and adds a delivery step', async () => {
    await switchTo(page, await merchantToken('gadgets'))
    await page.goto('#/pages/shop/order?tab=to_ship')
    await orderCard(page, gadgetOrderId).getByTestId('order-line').first().locator('a').first().click()
    await expect(page).toHaveURL(new RegExp(`/pages/shop/orderDetail\\?id=${gadgetOrderId}$`))
    await page.getByTestId('ship-submit').click()
    await expect(page.getByText('Enter the carrier and a tracking number of at least 3 characters')).toBeVisible()
    await page.getByTestId('ship-carrier').locator('input').fill('DHL Express')
    await page.getByTestId('ship-tracking').locator('input').fill('JD0146000012345')
    await page.getByTestId('ship-submit').click()
    await expect(page.getByTestId('order-status')).toHaveText('Shipped')
    // Sent with the keyboard's Enter, as a merchant on a phone would.
    await page.getByTestId('logistics-input').locator('input').fill('Arrived at the Dubai sorting centre')
    await page.getByTestId('logistics-input').locator('input').press('Enter')
    await expect(page.getByTestId('logistics')).toContainText('Arrived at the Dubai sorting centre')
  })

  await test.step('the buyer sees the parcel on its way and confirms receipt', async () => {
    await switchTo(page, buyer.token)
    await page.goto(`#/pages/member/orderDetail?id=${gadgetOrderId}`)
    await expect(page.getByTestId('order-status')).toHaveText('Shipped')
    await expect(page.getByTestId('tracking-no')).toHaveText('JD0146000012345')
    await expect(page.getByTestId('status-banner')).toContainText(/Receipt is confirmed automatically in \d+ d/)
    await page.getByTestId('action-confirmReceipt').click()
    await confirmDialog(page, 'Confirm receipt')
    await expect(page.getByTestId('order-status')).toHaveText('Received')
    await expect(page.getByTestId('action-confirmReceipt')).toHaveCount(0)
  })

  const refundCents = await test.step('a refund on the other order: line, one unit, reason; the sheet shows what comes back', async () => {
    const line = (await order(buyer.token, homeOrderId)).lines[0]
    if (!line) throw new Error('the order has no line')
    const oneUnitCents = line.quantity === 1 ? line.netPaidCents : Math.floor(line.netPaidCents / line.quantity)
    await page.goto(`#/pages/member/orderDetail?id=${homeOrderId}`)
    await page.getByTestId('action-refund').click()
    const sheet = page.getByTestId('refund-sheet')
    await expect(sheet).toBeVisible()
    await sheet.getByTestId('refund-submit').click()
    await expect(sheet.getByRole('alert')).toHaveText('Tell the shop why')
    const quantity = sheet.getByTestId('refund-quantity').locator('input')
    await quantity.fill('1')
    await quantity.blur()
    await expect(sheet.getByTestId('refund-back').locator('[data-cents]')).toHaveAttribute('data-cents', String(oneUnitCents))
    await sheet.getByTestId('refund-reason').fill('The lid arrived cracked')
    await sheet.getByTestId('refund-submit').click()
    await expect(page.getByTestId('refund')).toHaveAttribute('data-status', 'applied')
    await expect(page.getByTestId('refund')).toContainText(/The shop answers within 23 h 59 min \d+ s/)
    return oneUnitCents
  })

  await test.step('Casa Verde’s merchant agrees; the money is back in the buyer’s wallet at once', async () => {
    const before = await walletSummary(buyer.token)
    await switchTo(page, await merchantToken('home'))
    await page.goto(`#/pages/shop/orderDetail?id=${homeOrderId}`)
    await expect(page.getByTestId('refund')).toContainText('The lid arrived cracked')
    await page.getByTestId('refund-agree').click()
    await confirmDialog(page, 'Agree')
    await expect(page.getByTestId('refund-status')).toHaveText('Refund succeeded')

    await switchTo(page, buyer.token)
    const after = await walletSummary(buyer.token)
    // One unit's share of what was paid, and the freight too when that was the order's last unit.
    const refunded = await order(buyer.token, homeOrderId)
    expect(refunded.refundedCents).toBeGreaterThanOrEqual(refundCents)
    expect(after.availableCents - before.availableCents).toBe(refunded.refundedCents)
    await page.goto(`#/pages/member/orderDetail?id=${homeOrderId}`)
    await expect(page.getByTestId('refund-status')).toHaveText('Refund succeeded')
    await expect(page.getByTestId('refunded-total').locator('[data-cents]')).toHaveAttribute('data-cents', String(refunded.refundedCents))
    // The wallet page shows the balance with the refund in it.
    const balance = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      after.availableCents / 100,
    )
    await page.goto('#/pages/member/money')
    await expect(page.getByText(balance, { exact: false }).first()).toBeVisible()
  })

  expect(problems).toEqual([])
})
