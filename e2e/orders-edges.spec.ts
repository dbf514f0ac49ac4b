import { buyerWithPaymentPassword, registerByApi, uniqueEmail } from './support/accounts'
import { listingOf } from './support/catalog'
import { addAddress, order, placeOrders } from './support/orders'
import { signIn } from './support/session'
import { tapDigits } from './support/shop'
import { expect, test } from './support/test'
import { shopToast } from './support/toast'

/** Buying when it cannot go on (issue 6): too little money, and merchant pages for a buyer. */

test('a wallet too low for the order: a toast links to recharge', async ({ page }) => {
  const paymentPassword = '246810'
  // A buyer with a payment password and no money, and an unpaid order.
  const { token } = await buyerWithPaymentPassword('poor', paymentPassword)
  const address = await addAddress(token, {
    name: 'Sam Lee',
    mobile: '+1 415 555 0134',
    country: 'US',
    city: 'San Francisco',
    address: '1 Market Street',
  })
  const [placed] = await placeOrders(token, [{ item: await listingOf(1), quantity: 1 }], address.id)
  const orderId = placed?.id ?? 0

  await page.goto('#/pages/index')
  await signIn(page, token)
  await page.goto(`#/pages/member/orderDetail?id=${orderId}`)
  await page.getByTestId('action-pay').click()
  await expect(page.getByTestId('payment-sheet')).toContainText('$0.00')
  await tapDigits(page, paymentPassword)
  await expect(shopToast(page)).toContainText('Your balance is too low for this payment.')
  await page.getByTestId('recharge-link').click()
  await expect(page).toHaveURL(/\/pages\/member\/recharge$/)
  expect((await order(token, orderId)).status).toBe('pending_payment')
})

test('a non-merchant is told so on the merchant pages, without a dead link', async ({ page }) => {
  const { token } = await registerByApi(uniqueEmail('not-a-merchant'))
  await page.goto('#/pages/index')
  await signIn(page, token)
  await page.goto('#/pages/shop/order')
  await expect(page.getByText('Sorry, you are not yet a merchant')).toBeVisible()
  await expect(shopToast(page)).toHaveCount(0)
})
