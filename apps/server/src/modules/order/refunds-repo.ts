import { type CaseKind, type OpenRefundStatus, openRefundStatuses, type RefundStatus } from '@bazaar/contract/aftersales-values'
import { shipByRefundReason } from '@bazaar/contract/orders-values'
import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { RefundsTable } from './tables.ts'

/* The order module's queries of the refunds table, the after-sales cases (re-exported by repo.ts). */

/** Refunds of orders, in id order. */
export function findRefundsOf(db: Trx, orderIds: number[]) {
  return db.selectFrom('refunds').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()
}

/** How many of a buyer's cases are open. */
export async function countOpenRefunds(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', openRefundStatuses)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Sets what a decided refund returned besides the buyer's money (and its final amount). */
export function setRefundAmounts(
  db: Trx,
  refundId: number,
  amounts: { amount_cents: number; freight_cents: number; coupon_return_cents: number; purchase_return_cents: number },
) {
  return db.updateTable('refunds').set(amounts).where('id', '=', refundId).execute()
}

/** Whether an order has an open case (SPEC §4: it is not settled while it has). */
export async function orderHasOpenRefund(db: Trx, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('refunds')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', 'in', openRefundStatuses)
    .executeTakeFirst()
  return row !== undefined
}

/** Inserts a refund and returns its id and number. */
export function insertRefund(db: Trx, row: Insertable<RefundsTable>) {
  return db.insertInto('refunds').values(row).returning(['id', 'refund_no']).executeTakeFirstOrThrow()
}

/** The stored deadline columns of a case, one per step that a sweep moves. */
export type DeadlineColumn = 'respond_by_ms' | 'return_by_ms' | 'confirm_by_ms' | 'escalate_by_ms'

/**
 * What must hold besides the state for a case to move: its shop's or its buyer's (a
 * person's move), a stored deadline passed (the sweep's) or not yet passed (an escalation).
 */
export interface CaseGuard {
  shopId?: number
  userId?: number
  due?: { column: DeadlineColumn; atOrBeforeMs: number }
  before?: { column: DeadlineColumn; afterMs: number }
  kind?: CaseKind
}

/**
 * Moves a case from one of `from` to `to` with a conditional update whose row count decides
 * (of concurrent moves exactly one applies), setting `changes` with it.
 * @returns the moved case, or undefined when it was not in one of `from` or the guard failed
 */
export function moveRefund(
  db: Trx,
  refundId: number,
  move: { from: readonly RefundStatus[]; to: RefundStatus },
  changes: Updateable<RefundsTable>,
  guard: CaseGuard = {},
) {
  let q = db
    .updateTable('refunds')
    .set({ ...changes, status: move.to })
    .where('id', '=', refundId)
    .where('status', 'in', move.from)
  if (guard.shopId !== undefined) q = q.where('shop_id', '=', guard.shopId)
  if (guard.userId !== undefined) q = q.where('user_id', '=', guard.userId)
  if (guard.kind !== undefined) q = q.where('kind', '=', guard.kind)
  if (guard.due) q = q.where(guard.due.column, '<=', guard.due.atOrBeforeMs)
  if (guard.before) q = q.where(guard.before.column, '>', guard.before.afterMs)
  return q.returningAll().executeTakeFirst()
}

/** A case of a shop or of a buyer, or undefined (someone else's case is not found either). */
export function findCaseOf(db: Trx, refundId: number, scope: { shopId: number } | { userId: number }) {
  let q = db.selectFrom('refunds').selectAll().where('id', '=', refundId)
  q = 'shopId' in scope ? q.where('shop_id', '=', scope.shopId) : q.where('user_id', '=', scope.userId)
  return q.executeTakeFirst()
}

/** Cases in `status` whose deadline `column` has passed (bounded batch, oldest deadline first). */
export function findDueCases(db: Trx, status: OpenRefundStatus, column: DeadlineColumn, atOrBeforeMs: number, limit: number) {
  return db
    .selectFrom('refunds')
    .select(['id', 'kind'])
    .where('status', '=', status)
    .where(column, '<=', atOrBeforeMs)
    .orderBy(column)
    .limit(limit)
    .execute()
}

/** The open cases of an order. */
export function findOpenRefunds(db: Trx, orderId: number) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('status', 'in', openRefundStatuses).execute()
}

/** One refund by id, or undefined. */
export function findRefund(db: Trx, refundId: number) {
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst()
}

/** Sets a refund's unit count (an open request widened to every unit left of its line). */
export function setRefundQuantity(db: Trx, refundId: number, quantity: number) {
  return db.updateTable('refunds').set({ quantity }).where('id', '=', refundId).returningAll().executeTakeFirst()
}

/**
 * A shop's after-sales figures since `sinceMs` (ARCHITECTURE.md merchant figures): cases
 * buyers opened (the ship-by sweep's refunds are not a buyer's case), and disputes decided
 * with a full or partial refund against it.
 */
export async function shopCaseCounts(db: Trx, shopId: number, sinceMs: number): Promise<{ cases: number; disputesLost: number }> {
  const cases = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .where('applied_at_ms', '>=', sinceMs)
    .where('reason', '!=', shipByRefundReason)
    .executeTakeFirstOrThrow()
  const lost = await db
    .selectFrom('disputes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .where('status', '=', 'refunded')
    .where('decided_at_ms', '>=', sinceMs)
    .executeTakeFirstOrThrow()
  return { cases: Number(cases.n), disputesLost: Number(lost.n) }
}
