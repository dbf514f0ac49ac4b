import type { Session } from '@bazaar/contract/auth'
import { z } from 'zod'
import { registerByApi, uniqueEmail } from './support/accounts'
import { api } from './support/api'
import { type Buyable, listingOf } from './support/catalog'
import { addAddress, addToCartByApi, dubaiAddress, order, placeOrders } from './support/orders'
import { signIn } from './support/session'
import { confirmDialog, orderCard } from './support/shop'
import { expect, test } from './support/test'
import { expectShopToast } from './support/toast'

/**
 * Keeping goods for later and changing one's mind (issue 6): favourites from the goods page
 * and from the cart's edit mode; an unpaid order's address changed, then the order cancelled.
 */

let buyer: Session
let gadgets: Buyable
let homeA: Buyable
let addressId = 0

test.beforeAll(async () => {
  buyer = await registerByApi(uniqueEmail('favourites'))
  addressId = (await addAddress(buyer.token, dubaiAddress)).id
  gadgets = await listingOf(1)
  homeA = await listingOf(2)
})

test('favourites from the goods page and the cart; change the address of an unpaid order, then cancel it', async ({ page }) => {
  await page.goto('#/pages/index')
  await signIn(page, buyer.token)

  await test.step('the heart saves the product; the favourites page lists it and removes it', async () => {
    await page.goto(`#/pages/product/goods?id=${homeA.listingId}`)
    await expect(page.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'false')
    await page.getByTestId('favourite').click()
    await expect(page.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true')
    await page.goto('#/pages/member/collect')
    await expect(page.getByTestId('favourite')).toHaveCount(1)
    await expect(page.getByTestId('favourite')).toContainText(homeA.title)
    await page.getByTestId('favourite-remove').click()
    await expect(page.getByText('No favourites yet')).toBeVisible()
  })

  await test.step('the cart’s edit mode moves a line to favourites', async () => {
    await addToCartByApi(buyer.token, gadgets)
    await page.goto('#/pages/cart')
    await page.getByTestId('cart-edit').click()
    await page.getByTestId('all-check').click()
    await page.getByTestId('cart-save').click()
    await expect(page.getByTestId('cart-empty')).toBeVisible()
    await page.goto('#/pages/member/collect')
    await expect(page.getByTestId('favourite')).toContainText(gadgets.title)
    await page.getByTestId('favourite').locator('a').click()
    await expect(page).toHaveURL(new RegExp(`goods\\?id=${gadgets.listingId}$`))
  })

  await test.step('an unpaid order: a second address is chosen for it in the address book, then it is cancelled', async () => {
    const second = await addAddress(buyer.token, {
      name: 'Omar Saleh',
      mobile: '+966 50 123 4567',
      country: 'SA',
      city: 'Riyadh',
      address: '7 King Fahd Road',
    })
    const [placed] = await placeOrders(buyer.token, [{ item: homeA, quantity: 1 }], addressId)
    const orderId = placed?.id ?? 0
    await page.goto('#/pages/member/order?tab=pending_payment')
    const card = orderCard(page, orderId)
    await expect(card.getByTestId('countdown')).toHaveText(/^(29|30) min \d+ s$/)
    await card.getByTestId('action-modifyAddress').click()
    await expect(page).toHaveURL(/\/pages\/member\/address\?pick=1$/)
    await page.getByTestId('address-card').filter({ hasText: 'Omar Saleh' }).getByTestId('address-pick').click()
    await expectShopToast(page, 'Shipping address changed')
    await expect.poll(async () => (await order(buyer.token, orderId)).address.name).toBe('Omar Saleh')
    await card.getByTestId('action-cancel').click()
    await confirmDialog(page, 'Cancel order')
    await expectShopToast(page, 'Order cancelled')
    await page.getByTestId('tab-cancelled').click()
    await expect(orderCard(page, orderId)).toHaveAttribute('data-status', 'cancelled')
    await api.delete(`/api/addresses/${second.id}`, z.null(), { token: buyer.token })
  })
})
