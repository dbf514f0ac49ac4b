import type { MoneyTimeline, SettlementItem } from '@bazaar/contract/merchant-dashboard'
import { dayMs } from '@bazaar/contract/merchant-values'
import { sql } from 'kysely'
import type { z } from 'zod'
import type { Trx } from '../../db/database.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { orderMoney, orderTransfers } from '../wallet/merchant-service.ts'
import { orderFor } from './details.ts'
import { shopCaseCounts } from './repo.ts'
import { orderSettings } from './rules-service.ts'
import { findShopDays } from './shop-days-repo.ts'

/**
 * A shop's orders as money (SPEC §2 wait_order, shop index): what waits for settlement, an
 * order's money timeline, and the order figures of the dashboard. Figures come from order
 * rows and the ledger (ARCHITECTURE.md money flows); each function takes the caller's `trx`.
 */

const unsettled = ['to_ship', 'to_receive', 'to_review'] as const

/** Orders of a shop not yet settled or refunded (a lower-level or bond refund request waits for them). */
export async function unprocessedOrderCount(trx: Trx, shopId: number): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .where('status', 'in', unsettled)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The pending-settlement list (SPEC §2 wait_order, §4): the shop's paid orders not yet
 * settled, newest first, each with what the user paid (less refunds), what the merchant paid
 * (purchase less returns) and the profit settlement would leave, in cents, from the ledger.
 * @throws 'Invalid cursor'
 */
export async function settlementPage(
  trx: Trx,
  shopId: number,
  query: { cursor?: string; limit: number },
): Promise<{ items: z.infer<typeof SettlementItem>[]; nextCursor: string | null }> {
  const beforeId = afterIdOf(query.cursor, 'settlements')
  let q = trx
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'received_at_ms', 'created_at_ms'])
    .where('shop_id', '=', shopId)
    .where('status', 'in', unsettled)
  if (beforeId !== undefined) q = q.where('id', '<', beforeId)
  const rows = await q
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  const [money, settings] = await Promise.all([
    orderMoney(
      trx,
      page.map((o) => o.id),
    ),
    orderSettings(trx),
  ])
  return {
    items: page.map((o) => {
      const m = money.get(o.id)!
      const paidByUserCents = m.paidCents - m.refundedCents
      const paidByMerchantCents = m.purchasePaidCents - m.purchaseReturnedCents
      const escrowCents = m.paidCents + m.couponCents - m.refundedCents - m.couponReturnedCents - m.settledCents
      return {
        orderId: o.id,
        orderNo: o.order_no,
        status: o.status,
        paidByUserCents,
        paidByMerchantCents,
        profitCents: escrowCents - paidByMerchantCents,
        settlesAfterMs: o.received_at_ms === null ? null : Number(o.received_at_ms) + settings.after_sales_ms,
        createdAtMs: Number(o.created_at_ms),
      }
    }),
    nextCursor: nextIdCursor(rows, query.limit, 'settlements'),
  }
}

type MoneyEvent = z.infer<typeof MoneyTimeline>['events'][number]
const eventOfKind: Partial<Record<string, MoneyEvent['kind']>> = {
  order_payment: 'paid',
  purchase_payment: 'purchase_paid',
  order_refund: 'refunded',
  purchase_return: 'purchase_returned',
  order_settlement: 'settled',
}

/**
 * An order's money timeline for its merchant: paid, purchase paid, shipped, received, when
 * the after-sales window closes (expected while ahead), refunds, and settled, in time order;
 * money events come from the ledger's transfers.
 * @throws 'Order not found' (another shop's order too)
 */
export async function moneyTimeline(trx: Trx, shopId: number, orderId: number): Promise<z.infer<typeof MoneyTimeline>> {
  const order = await orderFor(trx, { shopId }, orderId)
  const settings = await orderSettings(trx)
  const events: MoneyEvent[] = []
  for (const t of await orderTransfers(trx, order.id)) {
    const kind = eventOfKind[t.kind]
    // The purchase is paid in the shipping transaction: it shows at the shipping time, just before it.
    const atMs = kind === 'purchase_paid' && order.shipped_at_ms !== null ? Number(order.shipped_at_ms) : t.atMs
    if (kind) events.push({ kind, atMs, amountCents: t.amountCents, expected: false })
  }
  if (order.shipped_at_ms !== null) events.push({ kind: 'shipped', atMs: Number(order.shipped_at_ms), amountCents: null, expected: false })
  if (order.received_at_ms !== null) {
    events.push({ kind: 'received', atMs: Number(order.received_at_ms), amountCents: null, expected: false })
    const closesAtMs = Number(order.received_at_ms) + settings.after_sales_ms
    events.push({ kind: 'after_sales_closes', atMs: closesAtMs, amountCents: null, expected: closesAtMs > Date.now() })
  }
  const rank = (e: MoneyEvent) => ['paid', 'purchase_paid', 'shipped', 'received'].indexOf(e.kind)
  events.sort((a, b) => a.atMs - b.atMs || rank(a) - rank(b))
  return { orderId: order.id, events }
}

/** The order figures of a shop's dashboard; `day` is a UTC day number (floor(ms / dayMs)). */
export interface ShopOrderFigures {
  orders: number
  ordersToday: number
  pendingOrders: number
  totalProfitCents: number
  todayProfitCents: number
  ordersByDay: Map<number, number>
  profitByDay: Map<number, number>
}

/**
 * A shop's order figures: paid orders (all, today, per day since `sinceMs`), orders waiting
 * to ship, and the profit of closed orders (completed or refunded), counted on the day they
 * closed, from their stored profit (settled − purchase paid). Read from the shop's daily
 * rollup, so the cost does not grow with the shop's history (dashboard.test.ts recomputes it
 * from transfers and orders). Three statements.
 */
export async function shopOrderFigures(trx: Trx, shopId: number, nowMs: number, sinceMs: number): Promise<ShopOrderFigures> {
  // From the shop's daily rollup (shop_order_days, written where orders are paid and closed):
  // a row a day, however many orders; waiting-to-ship orders by index.
  const todayDay = Math.floor(nowMs / dayMs)
  const { paidOrders, profitCents, toShip, days } = await findShopDays(trx, shopId, Math.floor(sinceMs / dayMs))
  const today = days.find((d) => d.day === todayDay)
  return {
    orders: paidOrders,
    ordersToday: Number(today?.paid_orders ?? 0),
    pendingOrders: toShip,
    totalProfitCents: profitCents,
    todayProfitCents: Number(today?.profit_cents ?? 0),
    ordersByDay: new Map(days.filter((d) => Number(d.paid_orders) !== 0).map((d) => [d.day, Number(d.paid_orders)])),
    profitByDay: new Map(days.filter((d) => Number(d.profit_cents) !== 0).map((d) => [d.day, Number(d.profit_cents)])),
  }
}

/** Paid orders of the whole platform per UTC day since `sinceMs` (the console's overview). */
export async function paidOrdersByDay(trx: Trx, sinceMs: number): Promise<Map<number, number>> {
  const { rows } = await sql<{ day: number | string; n: number | string }>`
    select cast(paid_at_ms / ${sql.lit(dayMs)} as integer) as day, count(*) as n from orders where paid_at_ms >= ${sinceMs}
    group by cast(paid_at_ms / ${sql.lit(dayMs)} as integer)`.execute(trx)
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]))
}

/**
 * A shop's after-sales counts since `sinceMs` (ARCHITECTURE.md merchant figures): cases
 * buyers opened, and disputes decided with a full or partial refund against it.
 */
export function shopCaseFigures(trx: Trx, shopId: number, sinceMs: number): Promise<{ cases: number; disputesLost: number }> {
  return shopCaseCounts(trx, shopId, sinceMs)
}
