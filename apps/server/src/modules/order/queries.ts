import type { Order, OrderListQuery, OrderTab } from '@bazaar/contract/orders'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../catalog/image-ref.ts'
import { orderSettings } from './settings.ts'

type Trx = Kysely<Database>

/**
 * Full orders by id, in the given order, in five statements whatever the count (orders,
 * lines, refunds, logistics, settings): no query per order.
 */
export async function orderDetails(db: Trx, ids: number[]): Promise<Order[]> {
  if (ids.length === 0) return []
  const [orders, lines, refunds, logistics, settings] = await Promise.all([
    db
      .selectFrom('orders as o')
      .innerJoin('shops as s', 's.id', 'o.shop_id')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .selectAll('o')
      .select(['s.name as shop_name', 'u.nickname'])
      .where('o.id', 'in', ids)
      .execute(),
    db
      .selectFrom('order_lines as l')
      .leftJoin('product_images as i', 'i.id', 'l.image_id')
      .selectAll('l')
      .select(['i.width', 'i.height'])
      .where('l.order_id', 'in', ids)
      .orderBy('l.id')
      .execute(),
    db.selectFrom('refunds').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('logistics_events').selectAll().where('order_id', 'in', ids).orderBy('at_ms').orderBy('id').execute(),
    orderSettings(db),
  ])
  const byId = new Map(orders.map((o) => [o.id, o]))
  return ids.flatMap((id) => {
    const o = byId.get(id)
    if (!o) return []
    return [
      {
        id: o.id,
        orderNo: o.order_no,
        status: o.status,
        shop: { id: o.shop_id, name: o.shop_name },
        buyer: { id: o.user_id, nickname: o.nickname },
        lines: lines
          .filter((l) => l.order_id === id)
          .map((l) => ({
            id: l.id,
            listingId: l.listing_id,
            skuId: l.sku_id,
            title: l.title,
            skuName: l.sku_name,
            options: JSON.parse(l.options_json) as Record<string, string>,
            image: imageRef(l.image_id, l.width, l.height),
            unitPriceCents: Number(l.unit_price_cents),
            quantity: l.quantity,
            lineTotalCents: Number(l.line_total_cents),
            refundedCents: Number(l.refunded_cents),
          })),
        productTotalCents: Number(o.product_total_cents),
        freightCents: Number(o.freight_cents),
        totalCents: Number(o.total_cents),
        refundedCents: Number(o.refunded_cents),
        remark: o.remark,
        address: JSON.parse(o.address_json),
        carrier: o.carrier,
        trackingNo: o.tracking_no,
        createdAtMs: o.created_at_ms,
        payByMs: o.pay_by_ms,
        paidAtMs: o.paid_at_ms,
        shippedAtMs: o.shipped_at_ms,
        receivedAtMs: o.received_at_ms,
        autoReceiveAtMs: o.shipped_at_ms !== null && o.received_at_ms === null ? o.shipped_at_ms + settings.auto_receive_ms : null,
        afterSalesUntilMs: o.received_at_ms !== null ? o.received_at_ms + settings.after_sales_ms : null,
        completedAtMs: o.completed_at_ms,
        cancelledAtMs: o.cancelled_at_ms,
        refunds: refunds
          .filter((r) => r.order_id === id)
          .map((r) => ({
            id: r.id,
            refundNo: r.refund_no,
            orderId: r.order_id,
            lineId: r.order_line_id,
            reason: r.reason,
            amountCents: Number(r.amount_cents),
            status: r.status,
            appliedAtMs: r.applied_at_ms,
            respondByMs: r.respond_by_ms,
            respondedAtMs: r.responded_at_ms,
            refuseReason: r.refuse_reason,
          })),
        logistics: logistics.filter((e) => e.order_id === id).map((e) => ({ atMs: e.at_ms, description: e.description })),
      },
    ]
  })
}

/** Whose orders a list shows: a buyer's, or a shop's (merchant side). */
export type OrderScope = { userId: number } | { shopId: number }

/**
 * A page of orders for a tab (SPEC §4), newest first by id, keyset-paginated.
 * @throws 'Invalid cursor'
 */
export async function listOrders(db: Trx, scope: OrderScope, query: OrderListQuery) {
  let q = db.selectFrom('orders').select('id')
  q = 'userId' in scope ? q.where('user_id', '=', scope.userId) : q.where('shop_id', '=', scope.shopId)
  q = applyTab(q, query.tab)
  if (query.cursor) q = q.where('id', '<', decodeCursor(query.cursor, `orders:${query.tab}`).id)
  const rows = await q
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: await orderDetails(
      db,
      page.map((r) => r.id),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: `orders:${query.tab}`, value: 0, id: last.id }) : null,
  }
}

function applyTab<Q extends { where: Function }>(q: Q, tab: OrderTab): Q {
  if (tab === 'all') return q
  if (tab === 'returns') return q.where('has_refund', '=', 1)
  return q.where('status', '=', tab)
}

/** Counts for the member page's order shortcuts: unpaid, to ship, to receive, to review, returns. */
export async function orderCounts(db: Trx, userId: number) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute()
  const returns = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'applied')
    .executeTakeFirstOrThrow()
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0)
  return {
    pendingPayment: count('pending_payment'),
    toShip: count('to_ship'),
    toReceive: count('to_receive'),
    toReview: count('to_review'),
    returns: Number(returns.n),
  }
}

/**
 * An order the user may act on: the buyer's own, or one of the merchant's shop.
 * @throws 'Order not found' for someone else's order too (ids reveal nothing)
 */
export async function orderFor(db: Trx, scope: OrderScope, orderId: number) {
  let q = db.selectFrom('orders').selectAll().where('id', '=', orderId)
  q = 'userId' in scope ? q.where('user_id', '=', scope.userId) : q.where('shop_id', '=', scope.shopId)
  const row = await q.executeTakeFirst()
  if (!row) throw new AppError('Order not found')
  return row
}

/**
 * The shop a merchant owns.
 * @throws 'Not allowed' when the user has no shop ('Sorry, you are not yet a merchant' on screen)
 */
export async function merchantShop(db: Trx, userId: number): Promise<{ shopId: number }> {
  const shop = await db.selectFrom('shops').select('id').where('owner_user_id', '=', userId).executeTakeFirst()
  if (!shop) throw new AppError('Not allowed')
  return { shopId: shop.id }
}
