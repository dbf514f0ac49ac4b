import { randomInt } from 'node:crypto'
import type { Order } from '@bazaar/contract/orders'
import { canDo } from '@bazaar/contract/orders-values'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { shopNames } from '../catalog/service.ts'
import { refundFromEscrow } from '../wallet/escrow-service.ts'
import { orderDetail, orderFor } from './details.ts'
import { storeOrderMessage } from './messages.ts'
import * as repo from './repo.ts'
import { orderSettings } from './rules-service.ts'

const newRefundNo = (nowMs: number) =>
  `R${new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`

/**
 * Applies for a refund of one line (SPEC §3 Refund, §4): at most what was paid for the
 * line less what was refunded, one open request per line, within the after-sales window
 * after receipt. The merchant has 24 hours (operator setting) before it is agreed automatically.
 * @throws 'Order not found' | 'Order status does not allow this' | 'after-sales time exceeded' | 'Refund amount exceeds what was paid' | 'A refund is already open for this item' | 'Invalid parameters' (not a line of the order)
 */
export async function applyRefund(
  db: Db,
  userId: number,
  orderId: number,
  body: { lineId: number; amountCents: number; reason: string },
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  await db.kysely.transaction().execute(async (trx) => {
    const order = await orderFor(trx, { userId }, orderId)
    const nowMs = Date.now()
    if (!canDo('applyRefund', order.status)) throw new AppError('Order status does not allow this')
    if (order.received_at_ms !== null && nowMs > order.received_at_ms + settings.after_sales_ms)
      throw new AppError('after-sales time exceeded')
    const line = await repo.findLine(trx, order.id, body.lineId)
    if (!line) throw new AppError('Invalid parameters')
    if (body.amountCents > Number(line.line_total_cents) - Number(line.refunded_cents))
      throw new AppError('Refund amount exceeds what was paid')
    if (await repo.lineHasOpenRefund(trx, line.id)) throw new AppError('A refund is already open for this item')
    const refund = await repo.insertRefund(trx, {
      refund_no: newRefundNo(nowMs),
      order_id: order.id,
      order_line_id: line.id,
      user_id: userId,
      shop_id: order.shop_id,
      reason: body.reason,
      amount_cents: body.amountCents,
      status: 'applied',
      applied_at_ms: nowMs,
      respond_by_ms: nowMs + settings.refund_response_ms,
      responded_at_ms: null,
      refuse_reason: null,
    })
    await repo.markHasRefund(trx, order.id)
    const merchant = (await shopNames(trx, [order.shop_id])).get(order.shop_id)
    if (merchant)
      await storeOrderMessage(trx, {
        userId: merchant.ownerUserId,
        key: 'refund.requested',
        params: { refundNo: refund.refund_no, orderNo: order.order_no },
        modules: 'refund',
        modulesId: refund.id,
      })
  })
  return orderDetail(db.kysely, { userId }, orderId)
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
 * Agrees a refund (merchant, or the sweep when the 24 hours have passed): the amount goes
 * back from the order's escrow to the buyer's wallet at once (refund succeeded). The line
 * and order keep the refunded total, bounded by CHECK constraints.
 * @param shopId the merchant's shop, or undefined for the sweep
 * @returns whether this call agreed it
 * @throws 'Order not found' | 'Order status does not allow this' (not this shop's refund, or not open) when called by a merchant
 */
export async function agreeRefund(db: Db, refundId: number, shopId: number | undefined, nowMs = Date.now()): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const refund = await repo.decideRefund(
      trx,
      refundId,
      { status: 'succeeded', responded_at_ms: nowMs },
      shopId === undefined ? { dueAtMs: nowMs } : { shopId },
    )
    if (!refund) {
      if (shopId !== undefined) await refuseAnswer(trx, refundId, shopId)
      return false
    }
    const amountCents = Number(refund.amount_cents)
    await repo.addRefunded(trx, refund.order_id, refund.order_line_id, amountCents)
    await refundFromEscrow(trx, refund.user_id, refund.order_id, amountCents, refund.id)
    await storeOrderMessage(trx, {
      userId: refund.user_id,
      key: 'refund.succeeded',
      params: { refundNo: refund.refund_no },
      modules: 'refund',
      modulesId: refund.id,
    })
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
      { status: 'refused', responded_at_ms: Date.now(), refuse_reason: reason },
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
  })
}
