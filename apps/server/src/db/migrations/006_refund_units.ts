import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database.ts'

const orderStatuses = sql`'pending_payment', 'to_ship', 'to_receive', 'to_review', 'completed', 'cancelled', 'refunded'`

/**
 * Refunds by line and quantity (ARCHITECTURE.md, money flows), and the money holes found
 * from outside:
 * - an order state `refunded` (every unit of the order refunded);
 * - each order line's money at order time: the purchase unit price snapshot, its share of the
 *   shop order's coupon and the net paid for it, and how many units were refunded;
 * - each refund's quantity and what it returned besides the buyer's money (freight, platform
 *   coupon share, purchase price), and at most one open refund per line (a partial unique
 *   index; older duplicates are closed as refused);
 * - a deposit tx hash used once per network (older duplicates are marked, not deleted, so
 *   the console can warn about them), and the payout tx hash of an approved withdrawal.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await allowRefundedOrders(db, dialect)

  const money = (name: string) =>
    db.schema.alterTable('order_lines').addColumn(name, 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`${sql.ref(name)} >= 0`),
    )
  await money('purchase_unit_price_cents').execute()
  await money('coupon_share_cents').execute()
  await money('net_paid_cents').execute()
  await db.schema
    .alterTable('order_lines')
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_quantity >= 0`))
    .execute()
  await sql`update order_lines set net_paid_cents = line_total_cents - coupon_share_cents`.execute(db)

  for (const name of ['freight_cents', 'coupon_return_cents', 'purchase_return_cents'])
    await db.schema
      .alterTable('refunds')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
  await db.schema
    .alterTable('refunds')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Refunds filed by amount count the whole units their amount paid for.
  await sql`update refunds set quantity = (select case when l.unit_price_cents > 0 then refunds.amount_cents / l.unit_price_cents else 0 end
    from order_lines l where l.id = refunds.order_line_id)`.execute(db)
  // The smaller of two values: least() on PostgreSQL, min() on SQLite.
  const least = dialect === 'postgres' ? sql`least` : sql`min`
  await sql`update order_lines set refunded_quantity = ${least}(quantity, (select coalesce(sum(r.quantity), 0) from refunds r
    where r.order_line_id = order_lines.id and r.status = 'succeeded'))`.execute(db)
  // An open refund of less than a whole unit cannot be paid by units: it is closed, and the
  // buyer applies again by units.
  await sql`update refunds set status = 'refused', refuse_reason = 'refunds are by item now: please apply again', responded_at_ms = applied_at_ms
    where status = 'applied' and quantity = 0`.execute(db)
  // A race on PostgreSQL could open several refunds on one line: the oldest stays open.
  await sql`update refunds set status = 'refused', refuse_reason = 'duplicate request', responded_at_ms = applied_at_ms
    where status = 'applied' and exists (select 1 from refunds older where older.order_line_id = refunds.order_line_id
      and older.status = 'applied' and older.id < refunds.id)`.execute(db)
  await sql`create unique index refunds_one_open_per_line on refunds (order_line_id) where status = 'applied'`.execute(db)

  await db.schema.alterTable('recharges').addColumn('duplicate_of_recharge_id', 'integer').execute()
  await sql`update recharges set duplicate_of_recharge_id = (select min(first.id) from recharges first
    where first.network_code = recharges.network_code and first.tx_hash = recharges.tx_hash and first.id < recharges.id)
    where tx_hash is not null`.execute(db)
  await sql`create unique index recharges_tx_hash_once on recharges (network_code, tx_hash)
    where tx_hash is not null and duplicate_of_recharge_id is null`.execute(db)

  await db.schema.alterTable('withdrawals').addColumn('payout_tx_hash', 'text').execute()
}

/**
 * Adds 'refunded' to the orders' status CHECK. PostgreSQL changes the constraint; SQLite
 * cannot alter a CHECK, so the table is rebuilt by SQLite's documented procedure (new table,
 * copy, drop, rename, indexes back) with foreign keys off (migrations on SQLite run outside a
 * transaction, so the pragma applies).
 */
async function allowRefundedOrders(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table orders drop constraint orders_status_check`.execute(db)
    await sql`alter table orders add constraint orders_status_check check (status in (${orderStatuses}))`.execute(db)
    return
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db)
  const indexes = await sql<{
    sql: string
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(db)
  const createSql = rows[0]?.sql
  if (!createSql?.includes("'cancelled')")) throw new Error('orders table has an unexpected status check')
  const newSql = createSql
    .replace("'cancelled')", "'cancelled', 'refunded')")
    .replace(/^CREATE TABLE "?orders"?/i, 'CREATE TABLE orders_new')
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await sql`begin immediate`.execute(db)
    await sql.raw(newSql).execute(db)
    await sql`insert into orders_new select * from orders`.execute(db)
    await sql`drop table orders`.execute(db)
    await sql`alter table orders_new rename to orders`.execute(db)
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db)
    const broken = await sql`pragma foreign_key_check`.execute(db)
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the orders rebuild: ${JSON.stringify(broken.rows)}`)
    await sql`commit`.execute(db)
  } catch (error) {
    await sql`rollback`.execute(db)
    throw error
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}
