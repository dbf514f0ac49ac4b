import { creditRules } from '@bazaar/contract/merchant-values'
import type { Order } from '@bazaar/contract/orders'
import { canDo, orderTransitions, refundTransitions } from '@bazaar/contract/orders-values'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { recordShopSales } from '../catalog/inventory-service.ts'
import { shopNames } from '../catalog/service.ts'
import { addShopCredit } from '../catalog/shop-service.ts'
import { recordWebhookEvents } from '../integrations/outbox-service.ts'
import { orderDetail, orderFor } from './details.ts'
import { storeOrderMessage } from './messages.ts'
import { newRefundNo, refundUnits, sharesOf } from './refund-money.ts'
import * as repo from './repo.ts'
import { orderSettings } from './rules-service.ts'

/**
 * Applies for a refund of `quantity` units of one line (SPEC §3 Refund, §4): the amount is the
 * buyer's net paid for those units (never a figure the client sends), at most one open
 * request per line (a partial unique index decides, also under bursts), within the
 * after-sales window after receipt. The merchant has 24 hours (operator setting) before it
 * is agreed automatically.
 * @throws 'Order not found' | 'Order status does not allow this' | 'after-sales time exceeded' | 'Refund quantity exceeds the units left' | 'A refund is already open for this item' | 'Invalid parameters' (not a line of the order)
 */
export async function applyRefund(
  db: Db,
  userId: number,
  orderId: number,
  body: { lineId: number; quantity: number; reason: string },
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const order = await orderFor(trx, { userId }, orderId)
      const nowMs = Date.now()
      if (!canDo('applyRefund', order.status)) throw new AppError('Order status does not allow this')
      if (order.received_at_ms !== null && nowMs > order.received_at_ms + settings.after_sales_ms)
        throw new AppError('after-sales time exceeded')
      const line = await repo.findLine(trx, order.id, body.lineId)
      if (!line) throw new AppError('Invalid parameters')
      if (body.quantity > line.quantity - Number(line.refunded_quantity)) throw new AppError('Refund quantity exceeds the units left')
      const shares = sharesOf(order, line, body.quantity)
      const refund = await repo.insertRefund(trx, {
        refund_no: newRefundNo(nowMs),
        order_id: order.id,
        order_line_id: line.id,
        user_id: userId,
        shop_id: order.shop_id,
        reason: body.reason,
        quantity: body.quantity,
        amount_cents: shares.buyerCents,
        status: 'applied',
        applied_at_ms: nowMs,
        respond_by_ms: nowMs + settings.refund_response_ms,
        responded_at_ms: null,
        refuse_reason: null,
      })
      // The status again, in the same statement that locks the order's row: an order the
      // completion sweep settled meanwhile (escrow emptied) takes no refund, and one this
      // transaction marked waits for it to end before it can complete. Locked after the
      // refund's insert, as an answer to a refund locks its refund and then the order: the
      // other way round, a new refund waiting on the line's open one (its unique index) while
      // holding the order deadlocked with that answer on PostgreSQL.
      if (!(await repo.markHasRefund(trx, order.id, orderTransitions.applyRefund.from)))
        throw new AppError('Order status does not allow this')
      const merchant = (await shopNames(trx, [order.shop_id])).get(order.shop_id)
      if (merchant)
        await storeOrderMessage(trx, {
          userId: merchant.ownerUserId,
          key: 'refund.requested',
          params: { refundNo: refund.refund_no, orderNo: order.order_no },
          modules: 'refund',
          modulesId: refund.id,
        })
      await recordWebhookEvents(trx, [
        {
          shopId: order.shop_id,
          type: 'refund.requested',
          data: refundData({ ...refund, order_id: order.id, amount_cents: shares.buyerCents }, order),
        },
      ])
    })
  } catch (error) {
    if (isUniqueViolation(error, 'refunds_one_open_per_line')) throw new AppError('A refund is already open for this item')
    throw error
  }
  return orderDetail(db.kysely, { userId }, orderId)
}

/** A refund's webhook data (integrations outbox): ids, number and the amount asked. */
export function refundData(
  refund: { id: number; refund_no: string; order_id: number; amount_cents: number | bigint },
  order?: { order_no: string },
) {
  return {
    refundId: refund.id,
    refundNo: refund.refund_no,
    orderId: refund.order_id,
    amountCents: Number(refund.amount_cents),
    ...(order && { orderNo: order.order_no }),
  }
}

/**
 * Why a merchant's answer to a refund changed nothing: not the shop's refund, or not open.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
async function refuseAnswer(trx: Trx, refundId: number, shopId: number): Promise<never> {
  if (!(await repo.findShopRefund(trx, refundId, shopId))) throw new AppError('Order not found')
  throw new AppError('Order status does not allow this')
}

/**
 * Agrees a refund (merchant, or the sweep when the 24 hours have passed) and moves its
 * money at once (refund succeeded): see `refundUnits`.
 * @param shopId the merchant's shop, or undefined for the sweep
 * @returns whether this call agreed it
 * @throws 'Order not found' | 'Order status does not allow this' (not this shop's refund, or not open) when called by a merchant
 */
export async function agreeRefund(db: Db, refundId: number, shopId: number | undefined, nowMs = Date.now()): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const refund = await repo.decideRefund(
      trx,
      refundId,
      refundTransitions[shopId === undefined ? 'autoAgree' : 'agree'],
      { responded_at_ms: nowMs },
      shopId === undefined ? { dueAtMs: nowMs } : { shopId },
    )
    if (!refund) {
      if (shopId !== undefined) await refuseAnswer(trx, refundId, shopId)
      return false
    }
    await refundUnits(trx, refund)
    // The shop's row last, after its listings and rollup rows, as a payment takes them (no deadlock on PostgreSQL).
    await recordShopSales(trx, refund.shop_id, -refund.quantity)
    await addShopCredit(trx, refund.shop_id, creditRules.refundPoints)
    await storeOrderMessage(trx, {
      userId: refund.user_id,
      key: 'refund.succeeded',
      params: { refundNo: refund.refund_no },
      modules: 'refund',
      modulesId: refund.id,
    })
    await recordWebhookEvents(trx, [
      { shopId: refund.shop_id, type: 'refund.decided', data: { ...refundData(refund), decision: 'agreed' } },
    ])
    return true
  })
}

/**
 * Refuses a refund with a reason (merchant); nothing moves.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function refuseRefund(db: Db, refundId: number, shopId: number, reason: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const refund = await repo.decideRefund(
      trx,
      refundId,
      refundTransitions.refuse,
      { responded_at_ms: Date.now(), refuse_reason: reason },
      { shopId },
    )
    if (!refund) return refuseAnswer(trx, refundId, shopId)
    await storeOrderMessage(trx, {
      userId: refund.user_id,
      key: 'refund.refused',
      params: { refundNo: refund.refund_no, reason },
      modules: 'refund',
      modulesId: refund.id,
    })
    await recordWebhookEvents(trx, [
      { shopId: refund.shop_id, type: 'refund.decided', data: { ...refundData(refund), decision: 'refused' } },
    ])
  })
}
