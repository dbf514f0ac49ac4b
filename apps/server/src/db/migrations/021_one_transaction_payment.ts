import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database.ts'

/**
 * A payment in one short transaction (issue 25: 33 statements to 10):
 * - `shop_ledger_days` (013) is kept by a trigger on `ledger_transfers`: a transfer that names
 *   its shop adds to its shop's day in the statement that inserts it, so a payment's transfers
 *   go in as one multi-row insert and no code path can forget the rollup (transfers are
 *   append-only: insert is their only write).
 * - Order lines keep their photo's width and height beside its id (snapshots, like the title),
 *   so an order is shown without reading the catalogue's images; filled here for older lines.
 * - Each order's escrow account is opened with the order (it was made at payment, three
 *   statements), so paying moves every balance with one conditional update; opened here for
 *   orders that wait for payment.
 * - `listing_skus.sales_count` goes: nothing read it, and it restarted at 0 whenever a merchant
 *   edited a listing's SKUs (they are deleted and inserted again); the listing keeps its sales
 *   count, and a SKU's sales are in its order lines.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const dayMs = 86_400_000
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger ledger_transfers_shop_day after insert on ledger_transfers when new.shop_id is not null begin
          insert into shop_ledger_days (shop_id, day, kind, amount_cents) values (new.shop_id, new.created_at_ms / ${dayMs}, new.kind, new.amount_cents)
          on conflict (shop_id, day, kind) do update set amount_cents = amount_cents + excluded.amount_cents;
        end`,
      )
      .execute(db)
  } else {
    await sql
      .raw(
        `create function shop_ledger_days_add() returns trigger language plpgsql as $$
        begin
          insert into shop_ledger_days (shop_id, day, kind, amount_cents) values (new.shop_id, new.created_at_ms / ${dayMs}, new.kind, new.amount_cents)
          on conflict (shop_id, day, kind) do update set amount_cents = shop_ledger_days.amount_cents + excluded.amount_cents;
          return null;
        end $$`,
      )
      .execute(db)
    await sql`create trigger ledger_transfers_shop_day after insert on ledger_transfers for each row when (new.shop_id is not null) execute function shop_ledger_days_add()`.execute(
      db,
    )
  }

  await db.schema.alterTable('order_lines').addColumn('image_width', 'integer').execute()
  await db.schema.alterTable('order_lines').addColumn('image_height', 'integer').execute()
  await sql`update order_lines set
    image_width = (select width from product_images i where i.id = order_lines.image_id),
    image_height = (select height from product_images i where i.id = order_lines.image_id)
    where image_id is not null`.execute(db)

  await sql`insert into ledger_accounts (code, kind, owner_user_id, is_platform, balance_cents, created_at_ms)
    select 'escrow:' || o.id || ':order', 'escrow_order', o.user_id, 0, 0, o.created_at_ms from orders o
    where o.status = 'pending_payment' and not exists (select 1 from ledger_accounts a where a.code = 'escrow:' || o.id || ':order')`.execute(
    db,
  )

  await db.schema.alterTable('listing_skus').dropColumn('sales_count').execute()
}
