import type { CaseKind, RefundAction } from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import { canDo, orderTransitions } from '@bazaar/contract/orders-values'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { caseChanged, moveCase } from './case-moves.ts'
import { refuseMove } from './case-refusals.ts'
import { orderDetail, orderFor } from './details.ts'
import { newRefundNo, refundCase, sharesOf } from './refund-money.ts'
import * as repo from './repo.ts'
import { orderSettings } from './rules-service.ts'

/**
 * Opens an after-sales case for `quantity` units of one line (SPEC §3 Refund, §4; issue 23):
 * 'refund only', or 'return and refund' once the order has shipped. The amount is the buyer's
 * net paid for those units (never a figure the client sends); at most one open case per line
 * (a partial unique index decides, also under bursts); within the after-sales window after
 * receipt. The merchant's answer is due by `respondByMs` (order time rule
 * `refundResponseMs`), stored with the case; both sides are told.
 * @throws 'Order not found' | 'Order status does not allow this' | 'after-sales time exceeded' | 'Refund quantity exceeds the units left' | 'A refund is already open for this item' | 'A return needs a shipped order' | 'Invalid parameters' (not a line of the order)
 */
export async function applyRefund(
  db: Db,
  userId: number,
  orderId: number,
  body: { lineId: number; quantity: number; reason: string; kind?: CaseKind },
  nowMs = Date.now(),
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  const kind = body.kind ?? 'refund_only'
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const order = await orderFor(trx, { userId }, orderId)
      if (!canDo('applyRefund', order.status)) throw new AppError('Order status does not allow this')
      if (kind === 'return_and_refund' && order.shipped_at_ms === null) throw new AppError('A return needs a shipped order')
      if (order.received_at_ms !== null && nowMs > order.received_at_ms + settings.after_sales_ms)
        throw new AppError('after-sales time exceeded')
      const line = await repo.findLine(trx, order.id, body.lineId)
      if (!line) throw new AppError('Invalid parameters')
      if (body.quantity > line.quantity - Number(line.refunded_quantity)) throw new AppError('Refund quantity exceeds the units left')
      const shares = sharesOf(order, line, body.quantity)
      const inserted = await repo.insertRefund(trx, {
        refund_no: newRefundNo(nowMs),
        order_id: order.id,
        order_line_id: line.id,
        user_id: userId,
        shop_id: order.shop_id,
        kind,
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
      await caseChanged(trx, (await repo.findRefund(trx, inserted.id))!, 'apply', nowMs)
    })
  } catch (error) {
    if (isUniqueViolation(error, 'refunds_one_open_per_line')) throw new AppError('A refund is already open for this item')
    throw error
  }
  return orderDetail(db.kysely, { userId }, orderId)
}

/**
 * A merchant's answer to an open case (SPEC §4 merchant actions), in one transaction:
 * - 'agree': refunded now (the buyer keeps the goods, or they never left): `refundCase`;
 * - 'agreeWithReturn' (a 'return and refund' case): the buyer ships the goods back by
 *   `returnByMs` (order time rule `returnShipMs`); the money moves when the merchant
 *   confirms the return's receipt;
 * - 'refuse' with a reason both sides read: either side may escalate to the platform until
 *   `escalateByMs` (order time rule `escalationMs`); the order is not settled meanwhile.
 * Of concurrent answers (and the sweep) exactly one applies: the move is conditional. A
 * refusal after the answer's deadline is refused (the sweep answers for the merchant then).
 * @returns the order as the merchant sees it
 * @throws 'Order not found' (not this shop's case) | 'Order status does not allow this' (answered already) | 'This refund takes no return' (agree with return on a 'refund only' case) | 'Deadline passed'
 */
export async function answerRefund(
  db: Db,
  shopId: number,
  refundId: number,
  answer: { action: 'agree' } | { action: 'agreeWithReturn' } | { action: 'refuse'; reason: string },
  nowMs = Date.now(),
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  const orderId = await db.kysely.transaction().execute(async (trx) => {
    const changes =
      answer.action === 'agree'
        ? {}
        : answer.action === 'agreeWithReturn'
          ? { return_by_ms: nowMs + settings.return_ship_ms }
          : { refuse_reason: answer.reason, escalate_by_ms: nowMs + settings.escalation_ms }
    // A refusal only before the answer's deadline: once it passed, the sweep answers (within 30 s).
    const guard =
      answer.action === 'agreeWithReturn'
        ? { shopId, kind: 'return_and_refund' as const }
        : answer.action === 'refuse'
          ? { shopId, before: { column: 'respond_by_ms' as const, afterMs: nowMs } }
          : { shopId }
    const row = await moveCase(trx, refundId, answer.action satisfies RefundAction, { ...changes, responded_at_ms: nowMs }, nowMs, guard)
    if (!row) return refuseMove(trx, refundId, { shopId }, answer.action, nowMs)
    if (answer.action === 'agree') await refundCase(trx, row)
    return row.order_id
  })
  return orderDetail(db.kysely, { shopId }, orderId)
}
