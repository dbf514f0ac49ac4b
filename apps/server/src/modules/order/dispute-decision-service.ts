import type { AdminDispute, DisputeDetail, DisputeQuery } from '@bazaar/contract/disputes'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { userSummaries } from '../auth/service.ts'
import { shopNames } from '../catalog/service.ts'
import { moveCase } from './case-moves.ts'
import { orderDetail, toDisputeSummary } from './details.ts'
import { type DisputeRow, evidenceItems } from './evidence.ts'
import { refundCase } from './refund-money.ts'
import * as repo from './repo.ts'

/**
 * The operators' side of disputes (issue 23; SPEC §5 console): the queue oldest first, one
 * dispute with the evidence side by side, and the decision through the console's one
 * decision declaration (platform/decision-routes.ts): a full or partial refund by units, or a
 * rejection, each with a reason both sides read. The operators' deadline moves nothing when
 * it passes: the dispute shows overdue (here and in /metrics).
 */

/** Disputes as the queue lists them, in the order of `rows`. */
async function toAdminDisputes(trx: Trx, rows: DisputeRow[], nowMs: number): Promise<AdminDispute[]> {
  if (rows.length === 0) return []
  const refunds = new Map(
    (await Promise.all(rows.map((d) => repo.findRefund(trx, d.refund_id)))).flatMap((r) => (r ? [[r.id, r] as const] : [])),
  )
  const orders = new Map((await repo.findOrders(trx, [...new Set(rows.map((d) => d.order_id))])).map((o) => [o.id, o]))
  const [shops, buyers] = await Promise.all([
    shopNames(
      trx,
      rows.map((d) => d.shop_id),
    ),
    userSummaries(
      trx,
      rows.map((d) => d.user_id),
    ),
  ])
  return rows.map((d) => {
    const refund = refunds.get(d.refund_id)!
    return {
      ...toDisputeSummary(d),
      refundId: d.refund_id,
      refundNo: refund.refund_no,
      orderId: d.order_id,
      orderNo: orders.get(d.order_id)?.order_no ?? '',
      shop: { id: d.shop_id, name: shops.get(d.shop_id)?.name ?? '' },
      buyer: { id: d.user_id, nickname: buyers.get(d.user_id)?.nickname ?? '' },
      quantity: refund.quantity,
      amountCents: Number(refund.amount_cents),
      overdue: d.status === 'open' && Number(d.decide_by_ms) < nowMs,
    }
  })
}

/**
 * The queue: disputes in a state, oldest first (keyset by id).
 * @throws 'Invalid cursor'
 */
export async function disputePage(db: Db, query: DisputeQuery, nowMs = Date.now()) {
  const rows = await repo.findDisputePage(db.kysely, query.status, afterIdOf(query.cursor, 'disputes'), query.limit)
  return {
    items: await toAdminDisputes(db.kysely, rows.slice(0, query.limit), nowMs),
    nextCursor: nextIdCursor(rows, query.limit, 'disputes'),
  }
}

/** A dispute or 'Dispute not found'. */
async function disputeOf(trx: Trx, disputeId: number): Promise<DisputeRow> {
  const dispute = await repo.findDispute(trx, disputeId)
  if (!dispute) throw new AppError('Dispute not found')
  return dispute
}

/**
 * One dispute for the operator: the order, the case, and each side's evidence side by side
 * (the picked chat messages only).
 * @throws 'Dispute not found'
 */
export async function disputeDetail(db: Db, disputeId: number, nowMs = Date.now()): Promise<DisputeDetail> {
  const trx = db.kysely
  const dispute = await disputeOf(trx, disputeId)
  const row = (await repo.findRefund(trx, dispute.refund_id))!
  const order = await orderDetail(trx, { userId: row.user_id }, row.order_id)
  const items = await evidenceItems(trx, dispute, row)
  return {
    dispute: (await toAdminDisputes(trx, [dispute], nowMs))[0]!,
    order,
    refund: order.refunds.find((r) => r.id === row.id)!,
    evidence: { buyer: items.filter((i) => i.side === 'buyer'), merchant: items.filter((i) => i.side === 'merchant') },
  }
}

/**
 * Decides a dispute with a refund of `quantity` of the case's units (all: a full refund;
 * fewer: partial), in one transaction: the dispute is decided conditionally (of two
 * operators at once exactly one decides; the other is told 'Request already handled'), the
 * case moves to 'succeeded', the money leaves escrow through the ledger (`refundCase`), the
 * decision is audit-logged, and both sides read the reason.
 * @throws 'Dispute not found' | 'Request already handled' | 'Refund quantity exceeds the units left' (more than the case asked)
 */
export async function approveDispute(
  db: Db,
  operatorId: number,
  disputeId: number,
  body: { quantity: number; reason: string },
  nowMs = Date.now(),
): Promise<AdminDispute> {
  await db.kysely.transaction().execute(async (trx) => {
    const dispute = await disputeOf(trx, disputeId)
    const asked = await repo.findRefund(trx, dispute.refund_id)
    if (!asked || body.quantity > asked.quantity) throw new AppError('Refund quantity exceeds the units left')
    const decided = await repo.decideDispute(trx, disputeId, {
      status: 'refunded',
      refunded_quantity: body.quantity,
      decision_reason: body.reason,
      decided_by_operator_id: operatorId,
      decided_at_ms: nowMs,
    })
    if (!decided) throw new AppError('Request already handled')
    const row = await moveCase(trx, decided.refund_id, 'decideRefund', {}, nowMs, {}, body.reason)
    // Refunded meanwhile by the ship-by sweep: nothing is left to decide.
    if (!row) throw new AppError('Request already handled')
    const refundCents = await refundCase(trx, row, { units: body.quantity })
    await repo.setDisputeRefund(trx, disputeId, refundCents)
    await recordAudit(trx, {
      operatorId,
      action: 'dispute.refund',
      targetType: 'dispute',
      targetId: disputeId,
      detail: { refundId: row.id, quantity: body.quantity, asked: row.quantity, refundCents, reason: body.reason },
    })
  })
  return (await toAdminDisputes(db.kysely, [await disputeOf(db.kysely, disputeId)], nowMs))[0]!
}

/**
 * Rejects a dispute with a reason both sides read: the case closes, nothing moves, the
 * decision is audit-logged; of two operators at once exactly one decides.
 * @throws 'Dispute not found' | 'Request already handled'
 */
export async function rejectDispute(
  db: Db,
  operatorId: number,
  disputeId: number,
  reason: string,
  nowMs = Date.now(),
): Promise<AdminDispute> {
  await db.kysely.transaction().execute(async (trx) => {
    await disputeOf(trx, disputeId)
    const decided = await repo.decideDispute(trx, disputeId, {
      status: 'rejected',
      decision_reason: reason,
      decided_by_operator_id: operatorId,
      decided_at_ms: nowMs,
    })
    if (!decided) throw new AppError('Request already handled')
    const row = await moveCase(trx, decided.refund_id, 'decideReject', {}, nowMs, {}, reason)
    if (!row) throw new AppError('Request already handled')
    await recordAudit(trx, {
      operatorId,
      action: 'dispute.reject',
      targetType: 'dispute',
      targetId: disputeId,
      detail: { refundId: row.id, reason },
    })
  })
  return (await toAdminDisputes(db.kysely, [await disputeOf(db.kysely, disputeId)], nowMs))[0]!
}

/** How many open disputes are past the operators' deadline (the `/metrics` gauge `bazaar_disputes_overdue`). */
export function overdueDisputeCount(db: Db, nowMs = Date.now()): Promise<number> {
  return repo.countOverdueDisputes(db.kysely, nowMs)
}
