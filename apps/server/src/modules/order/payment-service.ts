import type { Order } from '@bazaar/contract/orders'
import { orderTransitions } from '@bazaar/contract/orders-values'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { runIdempotent } from '../../platform/idempotency.ts'
import { verifyPaymentPassword } from '../auth/payment-password-service.ts'
import { recordSale, recordShopSales } from '../catalog/inventory-service.ts'
import { recordWebhookEvents, type WebhookEvent } from '../integrations/outbox-service.ts'
import { payCouponIntoEscrow, payIntoEscrow } from '../wallet/escrow-service.ts'
import { orderDetails } from './details.ts'
import { storeOrderMessage } from './messages.ts'
import * as repo from './repo.ts'
import { addToShopDay } from './shop-days-repo.ts'

/**
 * Pays one or more of the buyer's unpaid orders from the wallet (SPEC §2 buy, §5). Each
 * order's amount moves to its own escrow in the same transaction that marks it paid (the
 * `pay` move of the contract's transition table) and records its sales; if any order
 * cannot be paid, none is. The order update is conditional on its state and on not being
 * expired, so twenty simultaneous payments of one order pay it once. The buyer pays goods +
 * freight − coupon; a platform coupon's value comes from marketing into the same escrow
 * (ARCHITECTURE.md money flows), so the shop is settled as if there were no coupon.
 * @throws 'set the payment password' (406) | 'payment password error' | 'Payment password locked' | 'Order not found' | 'Order status does not allow this' | 'Insufficient balance' | 'Money Status is locked' | 'Account is locked' | 'Idempotency key in use' | 'Idempotency key reused'
 */
export async function payOrders(
  db: Db,
  userId: number,
  body: { orderIds: number[]; paymentPassword: string },
  idempotencyKey: string | undefined,
): Promise<Order[]> {
  await verifyPaymentPassword(db, userId, body.paymentPassword)
  const orderIds = [...new Set(body.orderIds)].sort((a, b) => a - b)
  const { pay } = orderTransitions
  const paidIds = await runIdempotent(db, { userId, route: 'POST /orders/pay', key: idempotencyKey, body: { orderIds } }, async (trx) => {
    const nowMs = Date.now()
    // Shop by shop: every transaction takes the shops' dashboard rollup rows in the same order (no deadlock on PostgreSQL).
    const shopOf = new Map((await repo.findOrders(trx, orderIds)).map((o) => [o.id, o.shop_id]))
    const byShop = [...orderIds].sort((a, b) => (shopOf.get(a) ?? 0) - (shopOf.get(b) ?? 0) || a - b)
    const events: WebhookEvent[] = []
    for (const orderId of byShop) {
      const order = await repo.moveOrder(trx, { userId }, orderId, pay.from, { status: pay.to, paid_at_ms: nowMs }, { payByAfterMs: nowMs })
      if (!order)
        throw new AppError((await repo.findOrder(trx, { userId }, orderId)) ? 'Order status does not allow this' : 'Order not found')
      const ref = { orderId: order.id, shopId: order.shop_id }
      await payIntoEscrow(trx, userId, ref, Number(order.total_cents))
      if (order.coupon_issuer === 'platform') await payCouponIntoEscrow(trx, userId, ref, Number(order.coupon_cents))
      const lines = await repo.findLines(trx, [order.id])
      await recordSale(
        trx,
        lines.map((l) => ({ listingId: l.listing_id, skuId: l.sku_id, quantity: l.quantity })),
      )
      // The rollup row after the listing SKUs, as a refund that closes an order takes them
      // (reverseSale, then the profit on its day): the other order deadlocked on PostgreSQL
      // under the ledger load (40P01 between a payment and an agreed refund).
      await addToShopDay(trx, order.shop_id, nowMs, { paidOrders: 1 })
      await recordShopSales(
        trx,
        order.shop_id,
        lines.reduce((sum, l) => sum + l.quantity, 0),
      )
      await storeOrderMessage(trx, {
        userId,
        key: 'order.paid',
        params: { orderNo: order.order_no },
        modules: 'payment',
        modulesId: order.id,
      })
      events.push({
        shopId: order.shop_id,
        type: 'order.paid',
        data: { orderId: order.id, orderNo: order.order_no, amountCents: Number(order.total_cents) },
      })
    }
    // The shops' webhook events: one INSERT in this transaction (integrations outbox).
    await recordWebhookEvents(trx, events, nowMs)
    return orderIds
  })
  return orderDetails(db.kysely, paidIds)
}
