import type { ReturnProblem } from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import type { Db } from '../../db/database.ts'
import { moveCase } from './case-moves.ts'
import { refuseMove } from './case-refusals.ts'
import { orderDetail } from './details.ts'
import { refundCase } from './refund-money.ts'
import { orderSettings } from './rules-service.ts'

/**
 * The return of a 'return and refund' case the merchant agreed with return (issue 23): the
 * buyer ships the parcel back and enters its carrier and tracking number; the merchant
 * confirms its receipt (the money moves then) or reports it damaged or missing (then either
 * side may escalate to the platform).
 */

/**
 * The buyer enters the carrier and tracking number of the return, before its deadline
 * (`returnByMs`): the merchant's confirmation is due by `confirmByMs` (order time rule
 * `returnConfirmMs`); if it does not come, the sweep refunds.
 * @throws 'Order not found' (not the buyer's case) | 'Order status does not allow this' (not waiting for the return) | 'Deadline passed'
 */
export async function shipReturn(
  db: Db,
  userId: number,
  refundId: number,
  parcel: { carrier: string; trackingNo: string },
  nowMs = Date.now(),
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  const orderId = await db.kysely.transaction().execute(async (trx) => {
    const row = await moveCase(
      trx,
      refundId,
      'shipReturn',
      {
        return_carrier: parcel.carrier,
        return_tracking_no: parcel.trackingNo,
        return_shipped_at_ms: nowMs,
        confirm_by_ms: nowMs + settings.return_confirm_ms,
      },
      nowMs,
      // Not after its deadline, even if the sweep has not closed it yet.
      { userId, before: { column: 'return_by_ms', afterMs: nowMs } },
    )
    if (!row) return refuseMove(trx, refundId, { userId }, 'shipReturn', nowMs)
    return row.order_id
  })
  return orderDetail(db.kysely, { userId }, orderId)
}

/**
 * The merchant confirms the return's receipt: the case is refunded now (`refundCase`), and
 * the units go back into stock if the merchant says so. The purchase price of shipped goods
 * is not returned (ARCHITECTURE.md, money flows). Of the merchant's confirmation and the
 * deadline sweep exactly one applies.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function confirmReturn(db: Db, shopId: number, refundId: number, restock: boolean, nowMs = Date.now()): Promise<Order> {
  const orderId = await db.kysely.transaction().execute(async (trx) => {
    const row = await moveCase(trx, refundId, 'confirmReturn', { restocked: restock ? 1 : 0, return_checked_at_ms: nowMs }, nowMs, {
      shopId,
    })
    if (!row) return refuseMove(trx, refundId, { shopId }, 'confirmReturn', nowMs)
    await refundCase(trx, row, { restock })
    return row.order_id
  })
  return orderDetail(db.kysely, { shopId }, orderId)
}

/**
 * The merchant reports the return damaged or missing, with a note both sides read, before
 * the confirmation's deadline (after it, the sweep refunds): nothing moves; either side may
 * escalate until `escalateByMs` (order time rule `escalationMs`), after which the case
 * closes without refund.
 * @throws 'Order not found' | 'Order status does not allow this' | 'Deadline passed'
 */
export async function rejectReturn(
  db: Db,
  shopId: number,
  refundId: number,
  report: { problem: ReturnProblem; note: string },
  nowMs = Date.now(),
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  const orderId = await db.kysely.transaction().execute(async (trx) => {
    const row = await moveCase(
      trx,
      refundId,
      'rejectReturn',
      {
        return_problem: report.problem,
        return_note: report.note,
        return_checked_at_ms: nowMs,
        escalate_by_ms: nowMs + settings.escalation_ms,
      },
      nowMs,
      { shopId, before: { column: 'confirm_by_ms', afterMs: nowMs } },
    )
    if (!row) return refuseMove(trx, refundId, { shopId }, 'rejectReturn', nowMs)
    return row.order_id
  })
  return orderDetail(db.kysely, { shopId }, orderId)
}
