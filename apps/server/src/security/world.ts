import { Order } from '@bazaar/contract/orders'
import { z } from 'zod'
import { startWebhookWorker } from '../modules/integrations/delivery-worker.ts'
import { freshIp, type TestApp } from '../test/app-harness.ts'
import { openChat } from '../test/chat-helpers.ts'
import { shopCoupon } from '../test/coupon-helpers.ts'
import { apiKeyOf } from '../test/integration-helpers.ts'
import { paidOrderOf } from '../test/merchant-helpers.ts'
import { berlinAddress, merchantSession, shopper, skuOfShop } from '../test/order-helpers.ts'
import { dataOf, parseOk } from '../test/replies.ts'
import { openTronRecharge, operatorHeaders, proofPng, saveWithdrawalAddress, tronAddress, uploadImage } from '../test/wallet-helpers.ts'

/**
 * The objects one user owns, made through the real flows, so the hostile suites can point
 * another user's requests at them: each is the id a route's `:id` takes.
 */
export interface OwnedObjects {
  address: number
  withdrawalAddress: number
  cartItem: number
  /** A paid order of the buyer, at the merchant's shop (its id is the shop order's id too). */
  order: number
  /** A refund the buyer asked for on a second paid order, open at the merchant's shop. */
  refund: number
  /** The buyer's review of a received line, on the merchant's listing. */
  review: number
  /** A conversation between the buyer and the merchant's shop, and a text message in it. */
  conversation: number
  message: number
  upload: number
  /** A listing of the merchant's shop. */
  listing: number
  /** A coupon of the merchant's shop. */
  coupon: number
  /** An API key of the merchant's shop (integrations). */
  apiKey: number
  /** A webhook endpoint of the merchant's shop, and one delivery of the paid order's event to it. */
  webhookEndpoint: number
  webhookDelivery: number
}

/** Two buyers (A owns everything in `owned`), two merchants (A's shop sold to buyer A), two operators. */
export interface World {
  admin: Record<string, string>
  buyerA: Awaited<ReturnType<typeof shopper>>
  buyerB: Awaited<ReturnType<typeof shopper>>
  merchantA: Awaited<ReturnType<typeof merchantSession>>
  merchantB: Awaited<ReturnType<typeof merchantSession>>
  owned: OwnedObjects
}

const Id = z.looseObject({ id: z.number().int() })

/**
 * Builds the world on a fresh test app (with WEBHOOKS_ALLOW_PRIVATE, for its webhook endpoint): buyer A with an address, a withdrawal address, a
 * cart item, a paid order, a refund, a review, a chat with merchant A's shop and an upload;
 * merchant A (Gadget Harbor) selling to A; buyer B and merchant B (Casa Verde) who own none of it.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const admin = await operatorHeaders(t, 'world-ops@example.com')
  await openTronRecharge(t, admin)
  const merchantA = await merchantSession(t, 'Gadget Harbor')
  const merchantB = await merchantSession(t, 'Casa Verde')
  // An endpoint the paid orders' events go to (nothing listens on port 9: each delivery fails and waits for its retry).
  const endpoint = dataOf(
    Id,
    await t.post('/api/shop/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['order.paid'] }, { token: merchantA.token }),
  )
  const buyerA = await shopper(t, admin, 'owner-a@example.com', 10_000_000)
  const buyerB = await shopper(t, admin, 'intruder-b@example.com', 10_000_000)
  const A = buyerA.token

  const saved = await saveWithdrawalAddress(t, buyerA, 'TRC20', tronAddress)
  const withdrawalAddress = dataOf(Id, saved).id
  const sku = await skuOfShop(t, 'Gadget Harbor', 0)
  const line = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }
  await t.post('/api/cart/items', line, { token: A })
  const cartItem = await t.db.kysely.selectFrom('cart_items').select('id').where('user_id', '=', buyerA.userId).executeTakeFirstOrThrow()

  const reviewed = await paidOrderOf(t, buyerA, line)
  await t.post(
    `/api/shop/orders/${reviewed.id}/ship`,
    { carrier: 'DHL', trackingNo: `JD${reviewed.id}0000` },
    { token: merchantA.token, schema: Order },
  )
  await t.post(`/api/orders/${reviewed.id}/receive`, {}, { token: A, schema: Order })
  const review = parseOk(
    Id,
    await t.post('/api/reviews', { lineId: reviewed.lines[0]!.id, rating: 5, comment: 'Fine' }, { token: A, ip: freshIp() }),
  )

  const order = await paidOrderOf(t, buyerA, line)
  const refunded = await paidOrderOf(t, buyerA, line)
  const applied = await t.post(
    `/api/orders/${refunded.id}/refunds`,
    { lineId: refunded.lines[0]!.id, quantity: 1, reason: 'Changed my mind' },
    { token: A, schema: Order },
  )

  const conversation = await openChat(t, A, { shopId: merchantA.shopId })
  const sent = await t.post(`/api/chat/conversations/${conversation.id}/messages`, { type: 'text', text: 'Hello' }, { token: A })
  const upload = await uploadImage(t, A, await proofPng())
  const coupon = await shopCoupon(t, merchantA.token)
  const apiKey = await apiKeyOf(t, merchantA.token, ['orders:read'], 'World key')
  const worker = startWebhookWorker(t.db, { allowPrivate: true, timeoutMs: 1000, firstRetryMs: 3_600_000, pollMs: 60_000, log: console })
  await worker.pass()
  await worker.stop()
  const delivery = await t.db.kysely
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpoint.id)
    .executeTakeFirstOrThrow()

  return {
    admin,
    buyerA,
    buyerB,
    merchantA,
    merchantB,
    owned: {
      address: buyerA.addressId,
      withdrawalAddress,
      cartItem: cartItem.id,
      order: order.id,
      refund: applied.body.data.refunds.at(-1)!.id,
      review: review.body.data.id,
      conversation: conversation.id,
      message: dataOf(Id, sent).id,
      upload: upload.id,
      listing: sku.listing_id,
      coupon: coupon.id,
      apiKey: apiKey.id,
      webhookEndpoint: endpoint.id,
      webhookDelivery: delivery.id,
    },
  }
}

/**
 * Bodies that pass every rule for the routes whose document-built sample cannot (a real
 * phone number, the caller's own address, a message type): the suites send these as the
 * caller, so a refusal is about who asks, not about the body.
 */
export function validBodies(caller: { addressId: number }): Record<string, unknown> {
  return {
    'PUT /api/addresses/:id': berlinAddress,
    'POST /api/addresses': berlinAddress,
    'POST /api/orders/:id/address': { addressId: caller.addressId },
    'POST /api/chat/conversations/:id/messages': { type: 'text', text: 'Hello there' },
  }
}
