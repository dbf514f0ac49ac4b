import { dayMs } from '@bazaar/contract/merchant-values'
import type { Trx } from '../../db/database.ts'

/**
 * The order module's per-shop daily rollup (`shop_order_days`, migration 012) that the
 * merchant dashboard reads instead of counting a shop's whole order history, and the count of
 * orders waiting to ship. Written in the transaction of the change it counts.
 */

/**
 * Adds to a shop's day in `shop_order_days` (the dashboard's rollup): paid orders on the day
 * they were paid, profit on the day the order closed.
 * @param atMs any time in that UTC day
 */
export async function addToShopDay(db: Trx, shopId: number, atMs: number, add: { paidOrders?: number; profitCents?: number }) {
  const paidOrders = add.paidOrders ?? 0
  const profitCents = add.profitCents ?? 0
  await db
    .insertInto('shop_order_days')
    .values({ shop_id: shopId, day: Math.floor(atMs / dayMs), paid_orders: paidOrders, profit_cents: profitCents })
    .onConflict((oc) =>
      oc.columns(['shop_id', 'day']).doUpdateSet((eb) => ({
        paid_orders: eb('shop_order_days.paid_orders', '+', paidOrders),
        profit_cents: eb('shop_order_days.profit_cents', '+', profitCents),
      })),
    )
    .execute()
}

/** A shop's rows of `shop_order_days`: the sums of all days, and each day from `sinceDay`. */
export async function findShopDays(db: Trx, shopId: number, sinceDay: number) {
  const total = await db
    .selectFrom('shop_order_days')
    .select((eb) => [eb.fn.sum<number | string>('paid_orders').as('paid'), eb.fn.sum<number | string>('profit_cents').as('profit')])
    .where('shop_id', '=', shopId)
    .executeTakeFirst()
  const days = await db
    .selectFrom('shop_order_days')
    .select(['day', 'paid_orders', 'profit_cents'])
    .where('shop_id', '=', shopId)
    .where('day', '>=', sinceDay)
    .execute()
  return { paidOrders: Number(total?.paid ?? 0), profitCents: Number(total?.profit ?? 0), days }
}

/** How many of a shop's orders wait to be shipped (index orders_shop_status: bounded by the ship-by time, not by history). */
export async function countToShip(db: Trx, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('shop_id', '=', shopId)
    .where('status', '=', 'to_ship')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
