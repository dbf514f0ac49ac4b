import type { RefundStatus } from '@bazaar/contract/orders-values'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { RefundsTable } from './tables.ts'

/* The order module's queries of the refunds table (re-exported by repo.ts). */

/** Refunds of orders, in id order. */
export function findRefundsOf(db: Trx, orderIds: number[]) {
  return db.selectFrom('refunds').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()
}

/** How many of a buyer's refunds wait for the merchant. */
export async function countOpenRefunds(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'applied')
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

/** Whether an order has a refund waiting for the merchant. */
export async function orderHasOpenRefund(db: Trx, orderId: number): Promise<boolean> {
  return (
    (await db.selectFrom('refunds').select('id').where('order_id', '=', orderId).where('status', '=', 'applied').executeTakeFirst()) !==
    undefined
  )
}

/** Inserts a refund and returns its id and number. */
export function insertRefund(db: Trx, row: Insertable<RefundsTable>) {
  return db.insertInto('refunds').values(row).returning(['id', 'refund_no']).executeTakeFirstOrThrow()
}

/**
 * Moves a refund by one move of the contract's refund transition table (agree, auto-agree,
 * refuse) with a conditional update: by its shop's merchant, or (no shop) by the sweep once its
 * answer time has passed.
 * @returns the decided refund, or undefined when it was not applied (or not the shop's, or not due)
 */
export function decideRefund(
  db: Trx,
  refundId: number,
  move: { from: readonly RefundStatus[]; to: 'succeeded' | 'refused' },
  decision: { responded_at_ms: number; refuse_reason?: string },
  by: { shopId: number } | { dueAtMs: number },
) {
  let q = db
    .updateTable('refunds')
    .set({ ...decision, status: move.to })
    .where('id', '=', refundId)
    .where('status', 'in', move.from)
  q = 'shopId' in by ? q.where('shop_id', '=', by.shopId) : q.where('respond_by_ms', '<=', by.dueAtMs)
  return q.returningAll().executeTakeFirst()
}

/** A refund of a shop, or undefined. */
export function findShopRefund(db: Trx, refundId: number, shopId: number) {
  return db.selectFrom('refunds').select('status').where('id', '=', refundId).where('shop_id', '=', shopId).executeTakeFirst()
}

/** Ids of refunds whose answer time has passed (bounded batch). */
export function findDueRefundIds(db: Trx, atOrBeforeMs: number, limit: number) {
  return db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'applied')
    .where('respond_by_ms', '<=', atOrBeforeMs)
    .limit(limit)
    .execute()
}

/** The open refunds of an order, by line. */
export function findOpenRefunds(db: Trx, orderId: number) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('status', '=', 'applied').execute()
}

/** One refund by id, or undefined. */
export function findRefund(db: Trx, refundId: number) {
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst()
}

/** Sets a refund's unit count (an open request widened to every unit left of its line). */
export function setRefundQuantity(db: Trx, refundId: number, quantity: number) {
  return db.updateTable('refunds').set({ quantity }).where('id', '=', refundId).returningAll().executeTakeFirst()
}
