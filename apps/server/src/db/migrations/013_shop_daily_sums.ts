import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database.ts'

/**
 * Per-shop daily rollups for the merchant dashboard (issue 12), so that its figures cost the
 * same at 100 orders and at 100,000:
 * - `shop_ledger_days` (wallet module): the shop's transfers summed by UTC day and kind,
 *   written by `transfer()` in the transaction of the transfer it adds up;
 * - `shop_order_days` (order module): the shop's paid orders by the UTC day they were paid,
 *   and the profit of its closed orders by the UTC day they closed, written where an order is
 *   paid and where its profit is kept.
 * Both are filled here from the rows they sum (the dashboard test recomputes them from
 * transfers and orders).
 * And the merchant's goods list (newest first, by id cursor) gets its keyset indexes: it read
 * every listing of the shop and sorted them for each page.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const cents = 'bigint' as const
  const dayMs = 86_400_000

  await db.schema
    .createTable('shop_ledger_days')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', cents, (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_ledger_days_pk', ['shop_id', 'day', 'kind'])
    .execute()
  await sql`insert into shop_ledger_days (shop_id, day, kind, amount_cents)
    select shop_id, cast(created_at_ms / ${sql.lit(dayMs)} as integer), kind, sum(amount_cents) from ledger_transfers
    where shop_id is not null group by shop_id, cast(created_at_ms / ${sql.lit(dayMs)} as integer), kind`.execute(db)

  await db.schema
    .createTable('shop_order_days')
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('paid_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('profit_cents', cents, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('shop_order_days_pk', ['shop_id', 'day'])
    .execute()
  await sql`insert into shop_order_days (shop_id, day, paid_orders, profit_cents)
    select shop_id, day, sum(paid), sum(profit) from (
      select shop_id, cast(paid_at_ms / ${sql.lit(dayMs)} as integer) as day, 1 as paid, 0 as profit from orders where paid_at_ms is not null
      union all
      select shop_id, cast(completed_at_ms / ${sql.lit(dayMs)} as integer) as day, 0 as paid, profit_cents as profit from orders
      where profit_cents is not null and completed_at_ms is not null
    ) o group by shop_id, day`.execute(db)

  await db.schema.createIndex('listings_shop_newest').on('listings').columns(['shop_id', 'id']).execute()
  await db.schema.createIndex('listings_shop_status_newest').on('listings').columns(['shop_id', 'status', 'id']).execute()
}
