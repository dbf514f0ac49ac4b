import { dayMs } from '@bazaar/contract/merchant-values'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'

/**
 * The order module's per-shop daily rollup (`shop_order_days`, migration 013) that the
 * merchant dashboard reads instead of counting a shop's whole order history, and the count of
 * orders waiting to ship. Written in the transaction of the change it counts.
 */

/**
 * Adds to a shop's day in `shop_order_days` (the dashboard's rollup): paid orders on the day
 * they were paid, profit on the day the order closed.
 * @param atMs any time in that UTC day
 */
export async function addToShopDay(db: Trx, shopId: number, atMs: number, add: { paidOrders?: number; profitCents?: number }) {
  await addToDay(db, { shopId, day: Math.floor(atMs / dayMs), paidOrders: add.paidOrders ?? 0, profitCents: add.profitCents ?? 0 })
}

const addToDay = preparedStatement((db, p: { shopId: number; day: number; paidOrders: number; profitCents: number }) =>
  db
    .insertInto('shop_order_days')
    .values({ shop_id: p.shopId, day: p.day, paid_orders: p.paidOrders, profit_cents: p.profitCents })
    .onConflict((oc) =>
      oc.columns(['shop_id', 'day']).doUpdateSet((eb) => ({
        paid_orders: eb('shop_order_days.paid_orders', '+', p.paidOrders),
        profit_cents: eb('shop_order_days.profit_cents', '+', p.profitCents),
      })),
    ),
)

/**
 * A shop's rows of `shop_order_days` (the sums of all days, and each day from `sinceDay`) and
 * its orders waiting to ship (index orders_shop_status), in one statement.
 */
export async function findShopDays(db: Trx, shopId: number, sinceDay: number) {
  const { rows } = await sql<{ day: number | string; paid: number | string | null; profit: number | string | null }>`
    select -1 as day, sum(paid_orders) as paid, sum(profit_cents) as profit from shop_order_days where shop_id = ${shopId}
    union all
    select day, paid_orders as paid, profit_cents as profit from shop_order_days where shop_id = ${shopId} and day >= ${sinceDay}
    union all
    select -2 as day, count(*) as paid, 0 as profit from orders where shop_id = ${shopId} and status = 'to_ship'`.execute(db)
  const total = rows.find((r) => Number(r.day) === -1)
  const toShip = rows.find((r) => Number(r.day) === -2)
  const days = rows
    .filter((r) => Number(r.day) >= 0)
    .map((r) => ({ day: Number(r.day), paid_orders: Number(r.paid ?? 0), profit_cents: Number(r.profit ?? 0) }))
  return { paidOrders: Number(total?.paid ?? 0), profitCents: Number(total?.profit ?? 0), toShip: Number(toShip?.paid ?? 0), days }
}
