import type { Order, OrderListQuery } from '@bazaar/contract/orders'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../../platform/image-ref.ts'
import { userSummaries } from '../auth/service.ts'
import { shopNames } from '../catalog/service.ts'
import * as repo from './repo.ts'
import { type OrderSettings, orderSettings } from './rules-service.ts'
import type { LogisticsEventsTable, OrderLinesTable, OrdersTable, RefundsTable } from './tables.ts'

export type { OrderScope } from './repo.ts'

/**
 * Full orders by id, in the given order, in a fixed number of statements whatever the count
 * (orders, lines, refunds, logistics, settings, shop names, buyer names): no query per order.
 * A line's photo size is its own snapshot.
 */
export async function orderDetails(trx: Trx, ids: number[]): Promise<Order[]> {
  if (ids.length === 0) return []
  const [orders, lines, refunds, logistics, settings] = await Promise.all([
    repo.findOrders(trx, ids),
    repo.findLines(trx, ids),
    repo.findRefundsOf(trx, ids),
    repo.findLogistics(trx, ids),
    orderSettings(trx),
  ])
  const [shops, buyers] = await Promise.all([
    shopNames(
      trx,
      orders.map((o) => o.shop_id),
    ),
    userSummaries(
      trx,
      orders.map((o) => o.user_id),
    ),
  ])
  const byId = new Map(orders.map((o) => [o.id, o]))
  return ids.flatMap((id) => {
    const o = byId.get(id)
    if (!o) return []
    return [
      toOrder(o, {
        lines: lines.filter((l) => l.order_id === id),
        refunds: refunds.filter((r) => r.order_id === id),
        logistics: logistics.filter((e) => e.order_id === id),
        shopName: shops.get(o.shop_id)?.name ?? '',
        buyerNickname: buyers.get(o.user_id)?.nickname ?? '',
        settings,
      }),
    ]
  })
}

/** What an order's reply is made of besides its row. */
export interface OrderParts {
  lines: Selectable<OrderLinesTable>[]
  refunds: Selectable<RefundsTable>[]
  logistics: Selectable<LogisticsEventsTable>[]
  shopName: string
  buyerNickname: string
  /**
   * The time rules, for the receipt and after-sales deadlines; null for an order not yet
   * shipped (it has neither), so that a payment's reply needs no read of them.
   */
  settings: Pick<OrderSettings, 'auto_receive_ms' | 'after_sales_ms'> | null
}

/**
 * An order row and its parts as the contract's Order (one place maps them, for every reply).
 * @throws Error when a shipped order comes without the time rules (a programming error)
 */
export function toOrder(o: Selectable<OrdersTable>, parts: OrderParts): Order {
  const { settings } = parts
  if (!settings && o.shipped_at_ms !== null) throw new Error(`order ${o.id} is shipped: its reply needs the time rules`)
  return {
    id: o.id,
    orderNo: o.order_no,
    status: o.status,
    shop: { id: o.shop_id, name: parts.shopName },
    buyer: { id: o.user_id, nickname: parts.buyerNickname },
    lines: parts.lines.map((l) => ({
      id: l.id,
      listingId: l.listing_id,
      skuId: l.sku_id,
      title: l.title,
      skuName: l.sku_name,
      options: JSON.parse(l.options_json) as Record<string, string>,
      image: imageRef(l.image_id, l.image_width, l.image_height),
      unitPriceCents: Number(l.unit_price_cents),
      quantity: l.quantity,
      lineTotalCents: Number(l.line_total_cents),
      couponShareCents: Number(l.coupon_share_cents),
      netPaidCents: Number(l.net_paid_cents),
      refundedQuantity: Number(l.refunded_quantity),
      refundedCents: Number(l.refunded_cents),
      reviewId: l.review_id,
    })),
    productTotalCents: Number(o.product_total_cents),
    freightCents: Number(o.freight_cents),
    couponCents: Number(o.coupon_cents),
    coupon: o.coupon_issuer === null ? null : { issuer: o.coupon_issuer, title: o.coupon_title ?? '' },
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
    autoReceiveAtMs: settings && o.shipped_at_ms !== null && o.received_at_ms === null ? o.shipped_at_ms + settings.auto_receive_ms : null,
    afterSalesUntilMs: settings && o.received_at_ms !== null ? o.received_at_ms + settings.after_sales_ms : null,
    completedAtMs: o.completed_at_ms,
    cancelledAtMs: o.cancelled_at_ms,
    refunds: parts.refunds.map((r) => ({
      id: r.id,
      refundNo: r.refund_no,
      orderId: r.order_id,
      lineId: r.order_line_id,
      reason: r.reason,
      quantity: Number(r.quantity),
      amountCents: Number(r.amount_cents),
      freightCents: Number(r.freight_cents),
      status: r.status,
      appliedAtMs: r.applied_at_ms,
      respondByMs: r.respond_by_ms,
      respondedAtMs: r.responded_at_ms,
      refuseReason: r.refuse_reason,
    })),
    logistics: parts.logistics.map((e) => ({ atMs: e.at_ms, description: e.description })),
  }
}

/**
 * One order in detail, for its buyer or its shop.
 * @throws 'Order not found' (someone else's order too: ids reveal nothing)
 */
export async function orderDetail(trx: Trx, scope: repo.OrderScope, orderId: number): Promise<Order> {
  const order = await orderFor(trx, scope, orderId)
  return (await orderDetails(trx, [order.id]))[0]!
}

/**
 * A page of orders for a tab (SPEC §4), newest first by id, keyset-paginated.
 * @throws 'Invalid cursor'
 */
export async function listOrders(trx: Trx, scope: repo.OrderScope, query: OrderListQuery) {
  const beforeId = query.cursor ? decodeCursor(query.cursor, `orders:${query.tab}`).id : undefined
  const rows = await repo.findOrderIdPage(trx, scope, query.tab, beforeId, query.limit)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: await orderDetails(
      trx,
      page.map((r) => r.id),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: `orders:${query.tab}`, value: 0, id: last.id }) : null,
  }
}

/**
 * Counts for the member page's order shortcuts: unpaid, to ship, to receive, to review
 * (received orders with a line still to review, contract review-values), returns.
 */
export async function orderCounts(trx: Trx, userId: number, nowMs = Date.now()) {
  const rows = await repo.countOrdersByStatus(trx, userId)
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0)
  return {
    pendingPayment: count('pending_payment'),
    toShip: count('to_ship'),
    toReceive: count('to_receive'),
    toReview: await repo.countAwaitingReview(trx, userId, nowMs),
    returns: await repo.countOpenRefunds(trx, userId),
  }
}

/**
 * An order the user may act on: the buyer's own, or one of the merchant's shop.
 * @throws 'Order not found' for someone else's order too (ids reveal nothing)
 */
export async function orderFor(trx: Trx, scope: repo.OrderScope, orderId: number) {
  const row = await repo.findOrder(trx, scope, orderId)
  if (!row) throw new AppError('Order not found')
  return row
}
