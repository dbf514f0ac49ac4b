import type { Order } from '@bazaar/contract/orders'
import { orderTransitions } from '@bazaar/contract/orders-values'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { assertIdempotencyKey, claimIdempotencyKey, type IdempotencyScope, recordRefusal } from '../../platform/idempotency.ts'
import {
  assertPayerMayPay,
  enterPaymentPassword,
  forgetPaymentEntries,
  type Payer,
  type PaymentPasswordRefusal,
} from '../auth/payment-password-service.ts'
import { recordSale, recordShopsSales } from '../catalog/inventory-service.ts'
import { recordWebhookEvents } from '../integrations/outbox-service.ts'
import { payOrdersIntoEscrow } from '../wallet/escrow-service.ts'
import { orderDetails, toOrder } from './details.ts'
import { storeOrderMessages } from './messages.ts'
import { markOrdersPaid } from './payment-repo.ts'
import * as repo from './repo.ts'
import { addPaidOrders } from './shop-days-repo.ts'

/**
 * Pays one or more of the buyer's unpaid orders from the wallet (SPEC §2 buy, §5) in one short
 * transaction of 12 statements whatever the number of orders (issue 25; it was 33 for one):
 * BEGIN; the payment password's entry (counted, compared and reset in one statement); the
 * Idempotency-Key's row; the orders' move to paid in one conditional update that returns them
 * with their lines; every balance in one conditional update (buyer debited, escrows credited);
 * the transfers in one insert (the shop's day rollup by trigger); the listings' sales; the
 * messages; the shops' webhook events (integrations outbox); the shops' paid-order counts;
 * the shops' sales counts; COMMIT. The order update is conditional on state,
 * owner and pay-by time, so twenty simultaneous payments of one order pay it once; if any order
 * cannot be paid, none is. The buyer pays goods + freight − coupon; a platform coupon's value
 * comes from marketing into the same escrow (ARCHITECTURE.md money flows).
 *
 * A wrong payment password commits its count and nothing else; a right one's reset is part of
 * the payment (and is made again on its own when the payment is then refused). A second
 * request with the same Idempotency-Key while the first runs waits for it and gets its answer.
 * @returns the paid orders, built from what the statements returned (a replay reads them)
 * @throws 'set the payment password' (406) | 'payment password error' | 'Payment password locked' | 'Order not found' | 'Order status does not allow this' | 'Insufficient balance' | 'Money Status is locked' | 'Account is locked' | 'Idempotency key in use' | 'Idempotency key reused' | 'Invalid parameters'
 */
export async function payOrders(
  db: Db,
  userId: number,
  body: { orderIds: number[]; paymentPassword: string },
  idempotencyKey: string | undefined,
): Promise<Order[]> {
  const orderIds = [...new Set(body.orderIds)].sort((a, b) => a - b)
  const scope: IdempotencyScope = { userId, route: 'POST /orders/pay', key: idempotencyKey, body: { orderIds } }
  assertIdempotencyKey(scope)
  let entered = false
  try {
    const outcome: { refusal: PaymentPasswordRefusal } | { replayIds: number[] } | { paid: Order[] } = await db.kysely
      .transaction()
      .execute(async (trx) => {
        const entry = await enterPaymentPassword(db, trx, userId, body.paymentPassword)
        // A wrong entry: the transaction commits its count, and nothing else, before the refusal is thrown.
        if ('refusal' in entry) return entry
        entered = true
        // The answer stored with the key is the order ids (known now); a replay reads the orders again.
        const replayed = await claimIdempotencyKey(trx, scope, orderIds)
        if (replayed) return { replayIds: replayed.answer as number[] }
        return { paid: await payInTransaction(db, trx, entry.payer, orderIds) }
      })
    if ('refusal' in outcome) throw new AppError(outcome.refusal)
    if ('replayIds' in outcome) return orderDetails(db.kysely, outcome.replayIds)
    return outcome.paid
  } catch (error) {
    if (entered && error instanceof AppError) {
      await recordRefusal(db, scope, error)
      await forgetPaymentEntries(db, userId)
    }
    throw error
  }
}

/** The payment's writes after the password and the key, in the order that keeps PostgreSQL free of deadlocks (see each step). */
async function payInTransaction(db: Db, trx: Trx, payer: Payer, orderIds: number[]): Promise<Order[]> {
  assertPayerMayPay(payer)
  const nowMs = Date.now()
  const { pay } = orderTransitions
  // Orders first: a second payment of the same orders waits here, before any money row.
  const orders = await markOrdersPaid(trx, db.dialect, { userId: payer.id, orderIds, from: pay.from, to: pay.to, nowMs })
  if (orders.length !== orderIds.length) throw await whyNotPaid(trx, payer.id, orderIds, new Set(orders.map((o) => o.id)))
  // Shop by shop, so concurrent payments take the shops' rollup rows (ledger and orders) in one order.
  orders.sort((a, b) => a.shop_id - b.shop_id || a.id - b.id)
  // Balances, then the listings' sales, then the order rollup: the order in which a refund that
  // closes an order takes them (escrow and buyer, sales, profit), so the two never deadlock.
  await payOrdersIntoEscrow(
    trx,
    payer.id,
    orders.map((o) => ({
      orderId: o.id,
      shopId: o.shop_id,
      buyerCents: Number(o.total_cents),
      platformCouponCents: o.coupon_issuer === 'platform' ? Number(o.coupon_cents) : 0,
    })),
  )
  const shopNames = await recordSale(
    trx,
    orders.flatMap((o) => o.lines.map((l) => ({ listingId: l.listing_id, skuId: l.sku_id, quantity: l.quantity }))),
  )
  await storeOrderMessages(
    trx,
    orders.map((o) => ({
      userId: payer.id,
      key: 'order.paid' as const,
      params: { orderNo: o.order_no },
      modules: 'payment' as const,
      modulesId: o.id,
    })),
  )
  // The shops' webhook events: one INSERT in this transaction (integrations outbox).
  await recordWebhookEvents(
    trx,
    orders.map((o) => ({
      shopId: o.shop_id,
      type: 'order.paid' as const,
      data: { orderId: o.id, orderNo: o.order_no, amountCents: Number(o.total_cents) },
    })),
    nowMs,
  )
  await addPaidOrders(
    trx,
    orders.map((o) => o.shop_id),
    nowMs,
  )
  // The shops' sales counts (a shop's is the sum of its listings'), after their rollup rows, as a
  // refund takes them: the last statement on the shops' rows.
  const shopUnits = new Map<number, number>()
  for (const o of orders) shopUnits.set(o.shop_id, (shopUnits.get(o.shop_id) ?? 0) + o.lines.reduce((sum, l) => sum + l.quantity, 0))
  await recordShopsSales(trx, shopUnits)
  const byId = new Map(orders.map((o) => [o.id, o]))
  return orderIds.map((id) => {
    const o = byId.get(id)!
    return toOrder(o, {
      lines: o.lines,
      // A paid order has no refund and no logistics yet, and is not shipped (no time rules needed).
      refunds: [],
      logistics: [],
      shopName: shopNames.get(o.shop_id) ?? '',
      buyerNickname: payer.nickname,
      settings: null,
    })
  })
}

/** The refusal for the first order a payment could not move (read only on that path). */
async function whyNotPaid(trx: Trx, userId: number, orderIds: number[], moved: Set<number>): Promise<AppError> {
  const first = orderIds.find((id) => !moved.has(id))!
  return new AppError((await repo.findOrder(trx, { userId }, first)) ? 'Order status does not allow this' : 'Order not found')
}
