import type { OrderStatus, OrderTab } from '@bazaar/contract/orders-values'
import { reviewableOrderStatuses, reviewWindowMs } from '@bazaar/contract/review-values'
import type { Expression, ExpressionBuilder, Insertable, SqlBool, Updateable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'
import type { Database } from '../../db/schema.ts'
import { addToShopDay } from './shop-days-repo.ts'
import type { OrderLinesTable, OrderMessagesTable, OrdersTable } from './tables.ts'
/** Whose orders a query reads: a buyer's, or a shop's (merchant side). */
export type OrderScope = { userId: number } | { shopId: number }

/** One order in a scope, or undefined (someone else's order is not found either). */
export function findOrder(db: Trx, scope: OrderScope, orderId: number) {
  let q = db.selectFrom('orders').selectAll().where('id', '=', orderId)
  q = 'userId' in scope ? q.where('user_id', '=', scope.userId) : q.where('shop_id', '=', scope.shopId)
  return q.executeTakeFirst()
}

const ordersById = preparedStatement((db, p: { ids: readonly number[] }) => db.selectFrom('orders').selectAll().where('id', 'in', p.ids))

/** Orders by id, any owner (compiled once per number of ids). */
export async function findOrders(db: Trx, ids: number[]) {
  return ids.length === 0 ? [] : (await ordersById(db, { ids })).rows
}

const linesOfOrders = preparedStatement((db, p: { orderIds: readonly number[] }) =>
  db.selectFrom('order_lines').selectAll().where('order_id', 'in', p.orderIds).orderBy('id'),
)

/** Lines of orders, in id order (compiled once per number of orders). */
export async function findLines(db: Trx, orderIds: number[]) {
  return orderIds.length === 0 ? [] : (await linesOfOrders(db, { orderIds })).rows
}

/** Logistics events of orders, oldest first. */
export function findLogistics(db: Trx, orderIds: number[]) {
  return db.selectFrom('logistics_events').selectAll().where('order_id', 'in', orderIds).orderBy('at_ms').orderBy('id').execute()
}

/**
 * Orders waiting for the buyer's review (the 'to review' tab and count): goods received within
 * the review window (contract review-values), with a line kept (not all refunded) and not yet
 * reviewed.
 */
function awaitingReview(eb: ExpressionBuilder<Database, 'orders'>, nowMs: number): Expression<SqlBool> {
  return eb.and([
    eb('orders.status', 'in', [...reviewableOrderStatuses]),
    eb('orders.received_at_ms', '>=', nowMs - reviewWindowMs),
    eb.exists(
      eb
        .selectFrom('order_lines as l')
        .select('l.id')
        .whereRef('l.order_id', '=', 'orders.id')
        .where('l.review_id', 'is', null)
        .whereRef('l.refunded_quantity', '<', 'l.quantity'),
    ),
  ])
}

/**
 * Ids of a page of orders of a tab, newest first, before an id; reads `limit + 1`. The
 * buyer's 'to review' tab lists the orders awaiting a review; the shop's lists its orders in
 * the after-sales state.
 */
export function findOrderIdPage(
  db: Trx,
  scope: OrderScope,
  tab: OrderTab,
  beforeId: number | undefined,
  limit: number,
  nowMs = Date.now(),
) {
  let q = db.selectFrom('orders').select('id')
  q = 'userId' in scope ? q.where('user_id', '=', scope.userId) : q.where('shop_id', '=', scope.shopId)
  if (tab === 'returns') q = q.where('has_refund', '=', 1)
  else if (tab === 'to_review' && 'userId' in scope) q = q.where((eb) => awaitingReview(eb, nowMs))
  else if (tab !== 'all') q = q.where('status', '=', tab)
  if (beforeId !== undefined) q = q.where('id', '<', beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** How many of a buyer's orders are in each state. */
export function countOrdersByStatus(db: Trx, userId: number) {
  return db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute()
}

/** How many of a buyer's orders wait for a review (see `awaitingReview`). */
export async function countAwaitingReview(db: Trx, userId: number, nowMs: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where((eb) => awaitingReview(eb, nowMs))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** An order line of a buyer with its order's state and receipt time, or undefined. */
export function findBuyerLine(db: Trx, userId: number, lineId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'l.order_id',
      'l.listing_id',
      'l.title',
      'l.options_json',
      'l.image_id',
      'l.quantity',
      'l.refunded_quantity',
      'l.review_id',
      'o.shop_id',
      'o.status',
      'o.received_at_ms',
    ])
    .where('l.id', '=', lineId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst()
}

/** Links a line to its review if it has none yet; returns whether it did (a conditional update). */
export async function setLineReview(db: Trx, lineId: number, reviewId: number): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set({ review_id: reviewId })
    .where('id', '=', lineId)
    .where('review_id', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Inserts an order and returns its id and number. */
export function insertOrder(db: Trx, row: Insertable<OrdersTable>) {
  return db.insertInto('orders').values(row).returning(['id', 'order_no']).executeTakeFirstOrThrow()
}

/** Inserts the lines of an order. */
export function insertLines(db: Trx, rows: Insertable<OrderLinesTable>[]) {
  return db.insertInto('order_lines').values(rows).execute()
}

/**
 * Moves an order from one of `from` to `to` (or only changes columns when `to` is null)
 * with a conditional update, so a repeated or racing action changes nothing twice.
 * @returns the moved order, or undefined when it was not in one of `from` (or not in scope)
 */
export function moveOrder(
  db: Trx,
  scope: OrderScope | undefined,
  orderId: number,
  from: readonly OrderStatus[],
  changes: Updateable<OrdersTable>,
  extraWhere?: { payByAfterMs?: number; payByAtOrBeforeMs?: number; receivedAtOrBeforeMs?: number; paidAtOrBeforeMs?: number },
) {
  let q = db.updateTable('orders').set(changes).where('id', '=', orderId).where('status', 'in', from)
  if (scope) q = 'userId' in scope ? q.where('user_id', '=', scope.userId) : q.where('shop_id', '=', scope.shopId)
  if (extraWhere?.payByAfterMs !== undefined) q = q.where('pay_by_ms', '>', extraWhere.payByAfterMs)
  if (extraWhere?.payByAtOrBeforeMs !== undefined) q = q.where('pay_by_ms', '<=', extraWhere.payByAtOrBeforeMs)
  if (extraWhere?.receivedAtOrBeforeMs !== undefined) q = q.where('received_at_ms', '<=', extraWhere.receivedAtOrBeforeMs)
  if (extraWhere?.paidAtOrBeforeMs !== undefined) q = q.where('paid_at_ms', '<=', extraWhere.paidAtOrBeforeMs)
  return q.returningAll().executeTakeFirst()
}

/**
 * Marks an order as having a refund (the 'returns' tab), only while its status is one of
 * `from`: a conditional update that also locks the order's row until the refund's
 * transaction ends, so the order cannot complete under an open refund (completeOrder).
 * @returns whether the order was in one of `from` (and is now marked)
 */
export async function markHasRefund(db: Trx, orderId: number, from: readonly OrderStatus[]): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ has_refund: 1 })
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Records an agreed refund on its line (units and the buyer's money) and its order (money),
 * bounded by the tables' CHECK constraints.
 */
export async function addRefunded(
  db: Trx,
  refund: { orderId: number; lineId: number; units: number; lineCents: number; orderCents: number },
) {
  await db
    .updateTable('order_lines')
    .set((eb) => ({
      refunded_quantity: eb('refunded_quantity', '+', refund.units),
      refunded_cents: eb('refunded_cents', '+', refund.lineCents),
    }))
    .where('id', '=', refund.lineId)
    .execute()
  await db
    .updateTable('orders')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', refund.orderCents) }))
    .where('id', '=', refund.orderId)
    .execute()
}

/** Whether every unit of every line of an order has been refunded. */
export async function allUnitsRefunded(db: Trx, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_lines')
    .select((eb) => [eb.fn.sum<number>('quantity').as('units'), eb.fn.sum<number>('refunded_quantity').as('refunded')])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  return Number(row.units) > 0 && Number(row.units) === Number(row.refunded)
}

/** Inserts a logistics event. */
export function insertLogisticsEvent(db: Trx, row: { order_id: number; description: string; at_ms: number }) {
  return db.insertInto('logistics_events').values(row).execute()
}

/** One line of an order, or undefined. */
export function findLine(db: Trx, orderId: number, lineId: number) {
  return db.selectFrom('order_lines').selectAll().where('id', '=', lineId).where('order_id', '=', orderId).executeTakeFirst()
}

/** Stores an order message (key and parameters). */
export function insertMessage(db: Trx, row: Insertable<OrderMessagesTable>) {
  return db.insertInto('order_messages').values(row).execute()
}

/** Ids of orders a sweep step is due for (bounded batch). */
export function findDueOrderIds(
  db: Trx,
  due: { status: OrderStatus; column: 'pay_by_ms' | 'shipped_at_ms' | 'received_at_ms' | 'paid_at_ms'; atOrBeforeMs: number },
  limit: number,
) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id'])
    .where('status', '=', due.status)
    .where(due.column, '<=', due.atOrBeforeMs)
    .limit(limit)
    .execute()
}

/** The stored order time rules (platform_settings rows). */
export function findSettings(db: Trx) {
  return db.selectFrom('platform_settings').select(['key', 'value_ms']).execute()
}

/** Stores one order time rule. */
export function upsertSetting(db: Trx, key: string, valueMs: number, nowMs: number) {
  return db
    .insertInto('platform_settings')
    .values({ key, value_ms: valueMs, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_ms: valueMs, updated_at_ms: nowMs }))
    .execute()
}

/**
 * Stores a closed order's profit (settled − purchase paid, from its transfers) and adds the
 * change to its shop's profit on the day the order closed (`shop_order_days`).
 */
export async function setProfit(db: Trx, orderId: number, profitCents: number): Promise<void> {
  const before = await db
    .selectFrom('orders')
    .select(['shop_id', 'completed_at_ms', 'profit_cents'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  await db.updateTable('orders').set({ profit_cents: profitCents }).where('id', '=', orderId).execute()
  const changeCents = profitCents - Number(before.profit_cents ?? 0)
  // The dashboard counts profit on the day the order closed; an order without that day counts nowhere.
  if (before.completed_at_ms !== null && changeCents !== 0)
    await addToShopDay(db, before.shop_id, Number(before.completed_at_ms), { profitCents: changeCents })
}

// The checkout pages' queries too (checkout-pages-repo.ts).
export * from './checkout-pages-repo.ts'
// The refunds table's queries live beside, in refunds-repo.ts; callers reach both as this module's repo.
export * from './refunds-repo.ts'
