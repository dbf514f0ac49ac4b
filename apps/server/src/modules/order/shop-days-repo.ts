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
 * Adds to a shop's day in `shop_order_days` (the dashboard's rollup): profit on the day the
 * order closed (paid orders: `addPaidOrders`).
 * @param atMs any time in that UTC day
 */
export async function addToShopDay(db: Trx, shopId: number, atMs: number, add: { profitCents: number }) {
  await addToDay(db, { shopId, day: Math.floor(atMs / dayMs), paidOrders: 0, profitCents: add.profitCents })
}

/**
 * Counts paid orders on their shops' day in `shop_order_days`, one statement for any number of
 * shops, taken in shop id order (so concurrent payments take the rollup rows in one order).
 * The payment writes it last: a hot shop's row is then held for the shortest time, and after
 * the listings' sales, as a refund that closes an order takes them (sales, then profit).
 * @param atMs the payment time, any time in that UTC day
 */
export async function addPaidOrders(db: Trx, shopIds: number[], atMs: number): Promise<void> {
  if (shopIds.length === 0) return
  const counts = new Map<number, number>()
  for (const id of shopIds) counts.set(id, (counts.get(id) ?? 0) + 1)
  const day = Math.floor(atMs / dayMs)
  await db
    .insertInto('shop_order_days')
    .values([...counts].sort(([a], [b]) => a - b).map(([shopId, n]) => ({ shop_id: shopId, day, paid_orders: n, profit_cents: 0 })))
    .onConflict((oc) =>
      oc
        .columns(['shop_id', 'day'])
        .doUpdateSet((eb) => ({ paid_orders: eb('shop_order_days.paid_orders', '+', eb.ref('excluded.paid_orders')) })),
    )
    .execute()
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
