import type { OrderStatus } from '@bazaar/contract/orders-values'
import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import type { DialectName, Trx } from '../../db/database.ts'
import { jsonRowsOf, parseJsonRows } from '../../db/json-rows.ts'
import type { OrderLinesTable, OrdersTable } from './tables.ts'

/** The columns of an order line that a paid order's reply carries (every column). */
const lineColumns = [
  'id',
  'order_id',
  'listing_id',
  'sku_id',
  'title',
  'sku_name',
  'options_json',
  'image_id',
  'image_width',
  'image_height',
  'unit_price_cents',
  'quantity',
  'line_total_cents',
  'purchase_unit_price_cents',
  'coupon_share_cents',
  'net_paid_cents',
  'refunded_quantity',
  'refunded_cents',
  'review_id',
] as const satisfies readonly (keyof OrderLinesTable)[]

/** An order as the payment moved it, with its lines. */
export type PaidOrderRow = Selectable<OrdersTable> & { lines: Selectable<OrderLinesTable>[] }

/**
 * Moves a buyer's orders from one of `from` to `to` with their payment time, in one
 * conditional update for any number of them: only the buyer's own orders, in one of `from`,
 * not past their pay-by time. Returns the moved orders with their lines (RETURNING, no read
 * after), so concurrent payments of one order move it once and the caller compares the count.
 * Rows are taken in id order (the index scan), so two payments of overlapping orders wait,
 * never deadlock.
 */
export async function markOrdersPaid(
  db: Trx,
  dialect: DialectName,
  p: { userId: number; orderIds: number[]; from: readonly OrderStatus[]; to: OrderStatus; nowMs: number },
): Promise<PaidOrderRow[]> {
  if (p.orderIds.length === 0) return []
  const rows = await db
    .updateTable('orders')
    .set({ status: p.to, paid_at_ms: p.nowMs })
    .where('id', 'in', p.orderIds)
    .where('user_id', '=', p.userId)
    .where('status', 'in', p.from)
    .where('pay_by_ms', '>', p.nowMs)
    .returningAll()
    .returning(jsonRowsOf(dialect, 'order_lines', lineColumns, sql`c.order_id = orders.id`, 'id').as('lines_json'))
    .execute()
  return rows.map(({ lines_json, ...order }) => ({
    ...(order as Selectable<OrdersTable>),
    lines: parseJsonRows<Selectable<OrderLinesTable>>(lines_json),
  }))
}
