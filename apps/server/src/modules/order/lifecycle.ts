import type { Order } from '@bazaar/contract/orders'
import type { Kysely } from 'kysely'
import type { Db } from '../../db/database.ts'
import type { Database, OrdersTable } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { ownAddress } from '../address/service.ts'
import { settleEscrowToShop } from '../wallet/escrow.ts'
import { storeOrderMessage } from './messages.ts'
import { type OrderScope, orderDetails, orderFor } from './queries.ts'

type Trx = Kysely<Database>
type Status = OrdersTable['status']

/**
 * Moves an order from one of `from` to `to` with a conditional update (the transition
 * table of contract orders.ts), so a repeated or racing action changes nothing twice.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
async function move(
  trx: Trx,
  scope: OrderScope,
  orderId: number,
  from: Status[],
  to: Status,
  extra: Partial<Record<'shipped_at_ms' | 'received_at_ms' | 'cancelled_at_ms' | 'completed_at_ms', number>> & {
    carrier?: string
    tracking_no?: string
  } = {},
) {
  const order = await orderFor(trx, scope, orderId)
  const moved = await trx
    .updateTable('orders')
    .set({ status: to, ...extra })
    .where('id', '=', order.id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst()
  if (!moved) throw new AppError('Order status does not allow this')
  return moved
}

/** Puts the reserved units of a cancelled order back on the shelf. */
async function releaseStock(trx: Trx, orderId: number): Promise<void> {
  const lines = await trx.selectFrom('order_lines').select(['listing_id', 'sku_id', 'quantity']).where('order_id', '=', orderId).execute()
  for (const l of lines)
    await trx
      .updateTable('listing_skus')
      .set((eb) => ({ stock: eb('stock', '+', l.quantity) }))
      .where('listing_id', '=', l.listing_id)
      .where('sku_id', '=', l.sku_id)
      .execute()
}

/**
 * Cancels an unpaid order (buyer) and releases its stock.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function cancelOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const order = await move(trx, { userId }, orderId, ['pending_payment'], 'cancelled', { cancelled_at_ms: Date.now() })
    await releaseStock(trx, order.id)
    await storeOrderMessage(trx, {
      userId,
      title: 'Order cancelled',
      content: `Order ${order.order_no} was cancelled.`,
      modules: 'order',
      modulesId: order.id,
    })
  })
  return (await orderDetails(db.kysely, [orderId]))[0]!
}

/**
 * Cancels one unpaid order whose payment time has passed (the sweep); a no-op when it was
 * paid or cancelled meanwhile, so every node may run it.
 * @returns whether this call cancelled it
 */
export async function expireOrder(db: Db, orderId: number, nowMs: number): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('orders')
      .set({ status: 'cancelled', cancelled_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', '=', 'pending_payment')
      .where('pay_by_ms', '<=', nowMs)
      .returning(['id', 'user_id', 'order_no'])
      .executeTakeFirst()
    if (!order) return false
    await releaseStock(trx, order.id)
    await storeOrderMessage(trx, {
      userId: order.user_id,
      title: 'Order cancelled',
      content: `Order ${order.order_no} was not paid in time and was cancelled.`,
      modules: 'order',
      modulesId: order.id,
    })
    return true
  })
}

/**
 * Changes the shipping address before the order ships (SPEC §4 modify address).
 * @throws 'Order not found' | 'Order status does not allow this' | 'no address'
 */
export async function modifyOrderAddress(db: Db, userId: number, orderId: number, addressId: number): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const { id: _id, isDefault: _default, ...snapshot } = await ownAddress(trx, userId, addressId)
    const order = await orderFor(trx, { userId }, orderId)
    const changed = await trx
      .updateTable('orders')
      .set({ address_json: JSON.stringify(snapshot) })
      .where('id', '=', order.id)
      .where('status', 'in', ['pending_payment', 'to_ship'])
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) throw new AppError('Order status does not allow this')
  })
  return (await orderDetails(db.kysely, [orderId]))[0]!
}

/**
 * Ships a paid order with carrier and tracking number (merchant), recording the first
 * logistics event.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function shipOrder(db: Db, shopId: number, orderId: number, carrier: string, trackingNo: string): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const nowMs = Date.now()
    const order = await move(trx, { shopId }, orderId, ['to_ship'], 'to_receive', {
      shipped_at_ms: nowMs,
      carrier,
      tracking_no: trackingNo,
    })
    await trx
      .insertInto('logistics_events')
      .values({ order_id: order.id, description: `Shipped with ${carrier}, tracking number ${trackingNo}`, at_ms: nowMs })
      .execute()
    await storeOrderMessage(trx, {
      userId: order.user_id,
      title: 'Order shipped',
      content: `Order ${order.order_no} is on its way (${carrier} ${trackingNo}).`,
      modules: 'order',
      modulesId: order.id,
    })
  })
  return (await orderDetails(db.kysely, [orderId]))[0]!
}

/**
 * Adds a logistics event to a shipped order (merchant).
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function addLogisticsEvent(db: Db, shopId: number, orderId: number, description: string): Promise<Order> {
  const order = await orderFor(db.kysely, { shopId }, orderId)
  if (order.status !== 'to_receive') throw new AppError('Order status does not allow this')
  await db.kysely.insertInto('logistics_events').values({ order_id: order.id, description, at_ms: Date.now() }).execute()
  return (await orderDetails(db.kysely, [orderId]))[0]!
}

/**
 * Confirms receipt (buyer, or the sweep 7 days after shipping): the order waits in 'to
 * review' through the after-sales window, its money still in escrow.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function confirmReceipt(db: Db, scope: OrderScope, orderId: number, nowMs = Date.now()): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const order = await move(trx, scope, orderId, ['to_receive'], 'to_review', { received_at_ms: nowMs })
    await storeOrderMessage(trx, {
      userId: order.user_id,
      title: 'Order received',
      content: `Order ${order.order_no} was received. You can review it now.`,
      modules: 'order',
      modulesId: order.id,
    })
  })
  return (await orderDetails(db.kysely, [orderId]))[0]!
}

/**
 * Completes an order once its after-sales window has passed with no open refund: what is
 * left in escrow moves to the shop's pending settlement. Conditional, so any node may run it.
 * @returns whether this call completed it
 */
export async function completeOrder(db: Db, orderId: number, nowMs: number, afterSalesMs: number): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', orderId)
      .where('status', '=', 'applied')
      .executeTakeFirst()
    if (open) return false
    const order = await trx
      .updateTable('orders')
      .set({ status: 'completed', completed_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', '=', 'to_review')
      .where('received_at_ms', '<=', nowMs - afterSalesMs)
      .returning(['id', 'user_id', 'shop_id'])
      .executeTakeFirst()
    if (!order) return false
    const shop = await trx.selectFrom('shops').select('owner_user_id').where('id', '=', order.shop_id).executeTakeFirstOrThrow()
    await settleEscrowToShop(trx, order.user_id, order.id, order.shop_id, shop.owner_user_id)
    const sold = await trx
      .selectFrom('order_lines')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('shops')
      .set((eb) => ({ sales_count: eb('sales_count', '+', Number(sold.n ?? 0)) }))
      .where('id', '=', order.shop_id)
      .execute()
    return true
  })
}
