import { randomUUID } from 'node:crypto'
import { Address, type AddressBody } from '@bazaar/contract/address'
import { Cart } from '@bazaar/contract/cart'
import { Order } from '@bazaar/contract/orders'
import { z } from 'zod'
import { type DemoMerchant, merchantToken } from './accounts'
import { api } from './api'
import type { Buyable } from './catalog'

/** Orders through the API, for buyers (`token`) and the demo merchants. */

const Orders = z.object({ items: z.array(Order) })

/** The address of the shop's screenshots: a Dubai address with a UAE mobile number. */
export const dubaiAddress = {
  name: 'Lina Haddad',
  mobile: '+971 50 123 4567',
  country: 'AE',
  city: 'Dubai',
  address: '12 Palm Jumeirah Road',
}

/** Adds an address to the buyer's address book. */
export function addAddress(token: string, address: z.input<typeof AddressBody>): Promise<Address> {
  return api.post('/api/addresses', address, Address, { token })
}

/** The buyer's address book, default first. */
export async function addresses(token: string): Promise<Address[]> {
  return (await api.get('/api/addresses', z.object({ items: z.array(Address) }), { token })).items
}

/** The buyer's cart as the server keeps it. */
export function cart(token: string): Promise<Cart> {
  return api.get('/api/cart', Cart, { token })
}

/** Adds `quantity` of a listing's SKU to the buyer's cart. */
export async function addToCartByApi(token: string, item: Buyable, quantity = 1): Promise<void> {
  await api.post('/api/cart/items', { listingId: item.listingId, skuId: item.skuId, quantity }, Cart, { token })
}

/** Empties the buyer's cart. */
export async function emptyCart(token: string): Promise<void> {
  const ids = (await cart(token)).items.map((i) => i.id)
  if (ids.length > 0) await api.post('/api/cart/remove', { ids }, Cart, { token })
}

/**
 * Places unpaid orders for `lines` (one order per shop), `pending_payment` for 30 minutes.
 * @param remarks remark per shop id
 */
export async function placeOrders(
  token: string,
  lines: { item: Buyable; quantity: number }[],
  addressId: number,
  remarks: Record<string, string> = {},
): Promise<Order[]> {
  const body = {
    lines: lines.map(({ item, quantity }) => ({ listingId: item.listingId, skuId: item.skuId, quantity })),
    addressId,
    remarks,
  }
  return (await api.post('/api/orders', body, Orders, { token })).items
}

/** Pays orders from the wallet with the payment password; they become `to_ship`. */
export async function payOrders(token: string, orderIds: number[], paymentPassword: string): Promise<Order[]> {
  const headers = { token, 'idempotency-key': randomUUID() }
  return (await api.post('/api/orders/pay', { orderIds, paymentPassword }, Orders, headers)).items
}

/** A demo merchant ships a paid order (paying its purchase price from the merchant's wallet); it becomes `shipped`. */
export async function shipOrder(merchant: DemoMerchant, orderId: number, trackingNo: string): Promise<Order> {
  const body = { carrier: 'DHL Express', trackingNo }
  return api.post(`/api/shop/orders/${orderId}/ship`, body, Order, { token: await merchantToken(merchant) })
}

/** An order as its buyer sees it. */
export function order(token: string, orderId: number): Promise<Order> {
  return api.get(`/api/orders/${orderId}`, Order, { token })
}

/** The buyer applies for a refund of `quantity` units of an order's first line. */
export async function applyRefund(token: string, orderId: number, quantity: number, reason: string): Promise<Order> {
  const lineId = (await order(token, orderId)).lines[0]?.id
  return api.post(`/api/orders/${orderId}/refunds`, { lineId, quantity, reason }, Order, { token })
}

/**
 * A buyer's order history in every state the order pages show, made through the API: a
 * Gadget Harbor order shipped (with a delivery step) and received, and a Casa Verde order
 * whose refund the merchant agreed.
 */
export async function orderHistory(
  token: string,
  goods: { gadgets: Buyable; home: Buyable },
  addressId: number,
  paymentPassword: string,
): Promise<{ gadgetOrderId: number; homeOrderId: number }> {
  const placed = await placeOrders(
    token,
    [
      { item: goods.gadgets, quantity: 1 },
      { item: goods.home, quantity: 2 },
    ],
    addressId,
    { '1': 'Please wrap it as a gift' },
  )
  const paid = await payOrders(
    token,
    placed.map((o) => o.id),
    paymentPassword,
  )
  const gadgetOrderId = paid.find((o) => o.shop.id === 1)?.id ?? 0
  const homeOrderId = paid.find((o) => o.shop.id === 2)?.id ?? 0

  await shipOrder('gadgets', gadgetOrderId, 'JD0146000012345')
  const gadgets = { token: await merchantToken('gadgets') }
  await api.post(`/api/shop/orders/${gadgetOrderId}/logistics`, { description: 'Arrived at the Dubai sorting centre' }, Order, gadgets)
  await api.post(`/api/orders/${gadgetOrderId}/receive`, undefined, Order, { token })

  const refunded = await applyRefund(token, homeOrderId, 1, 'The lid arrived cracked')
  const refundId = refunded.refunds[0]?.id
  await api.post(`/api/shop/refunds/${refundId}/agree`, undefined, Order, { token: await merchantToken('home') })
  return { gadgetOrderId, homeOrderId }
}
