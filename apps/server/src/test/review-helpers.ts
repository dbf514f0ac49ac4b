import { Order } from '@bazaar/contract/orders'
import sharp from 'sharp'
import { freshIp, type TestApp } from './app-harness.ts'
import { shipAndReceive } from './merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from './order-helpers.ts'
import { itemsOf } from './replies.ts'
import { openTronRecharge, operatorHeaders, uploadImage } from './wallet-helpers.ts'

const Orders = itemsOf(Order)

/** A buyer who can place orders: their session and default address. */
type Buyer = { token: string; addressId: number }

/**
 * The people of the review suites: an operator's headers (with a TRON recharge channel open),
 * the demo merchants of Gadget Harbor and Casa Verde, and two buyers with 100,000 USD each.
 */
export async function reviewActors(t: TestApp) {
  const admin = await operatorHeaders(t)
  await openTronRecharge(t, admin)
  const gadgets = await merchantSession(t, 'Gadget Harbor')
  const casa = await merchantSession(t, 'Casa Verde')
  const buyer = await shopper(t, admin, 'reviewer@example.com', 10_000_000)
  const other = await shopper(t, admin, 'other-reviewer@example.com', 10_000_000)
  return { admin, gadgets, casa, buyer, other }
}

/** The people `reviewActors` makes. */
export type ReviewActors = Awaited<ReturnType<typeof reviewActors>>

/** Places and pays an order of one unit of each of the shop's SKUs at `offsets`; returns it. */
export async function paidReviewOrder(t: TestApp, who: Buyer, shop: string, offsets: number[]) {
  const skus = await Promise.all(offsets.map((o) => skuOfShop(t, shop, o)))
  const lines = skus.map((s) => ({ listingId: s.listing_id, skuId: s.sku_id, quantity: 1 }))
  const order = (await t.post('/api/orders', { lines, addressId: who.addressId }, { token: who.token, schema: Orders })).body.data.items[0]!
  await t.post('/api/orders/pay', { orderIds: [order.id], paymentPassword: '123456' }, { token: who.token, ip: freshIp(), schema: Orders })
  return order
}

/** …then shipped by the shop's merchant and received by the buyer: its lines may be reviewed. */
export async function receivedReviewOrder(t: TestApp, who: Buyer, offsets: number[], merchant: { token: string }, shop: string) {
  const order = await paidReviewOrder(t, who, shop, offsets)
  return shipAndReceive(t, order.id, { merchant: merchant.token, buyer: who.token }, `JD${order.id}0000`)
}

/** Uploads a 120×90 JPEG of one colour as a review photo of the user of `token`. */
export async function reviewPhoto(t: TestApp, token: string, colour = '#336699') {
  return uploadImage(
    t,
    token,
    await sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
    'photo.jpg',
    'review_photo',
  )
}
