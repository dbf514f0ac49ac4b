import { creditRules } from '@bazaar/contract/merchant-values'
import type { Order } from '@bazaar/contract/orders'
import { canDo, type OrderAction, orderTransitions } from '@bazaar/contract/orders-values'
import type { Updateable } from 'kysely'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { runIdempotent } from '../../platform/idempotency.ts'
import { ownAddress } from '../address/service.ts'
import { releaseStock } from '../catalog/inventory-service.ts'
import { addShopCredit } from '../catalog/shop-service.ts'
import { giveBackCoupon } from '../coupon/checkout-service.ts'
import { recordWebhookEvents } from '../integrations/outbox-service.ts'
import { payPurchase } from '../wallet/escrow-service.ts'
import { orderDetail, orderFor } from './details.ts'
import { settleAndKeepProfit } from './merchant-money.ts'
import { storeOrderMessage } from './messages.ts'
import * as repo from './repo.ts'
import type { OrdersTable } from './tables.ts'

/**
 * Applies one move of the contract's order transition table (`orderTransitions`) with a
 * conditional update, so a repeated or racing action changes nothing twice.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
async function move(trx: Trx, scope: repo.OrderScope, orderId: number, action: OrderAction, changes: Updateable<OrdersTable> = {}) {
  const order = await orderFor(trx, scope, orderId)
  const { from, to } = orderTransitions[action]
  // An action that neither moves the order nor changes a column (adding a logistics event)
  // only needs the order to be in one of its states.
  if (to === null && Object.keys(changes).length === 0) {
    if (!canDo(action, order.status)) throw new AppError('Order status does not allow this')
    return order
  }
  const moved = await repo.moveOrder(trx, scope, order.id, from, to === null ? changes : { ...changes, status: to })
  if (!moved) throw new AppError('Order status does not allow this')
  return moved
}

/** The stock lines of an order (listing SKU and quantity). */
async function stockLines(trx: Trx, orderId: number) {
  return (await repo.findLines(trx, [orderId])).map((l) => ({ listingId: l.listing_id, skuId: l.sku_id, quantity: l.quantity }))
}

/** Gives an order's coupon back to the buyer, unused (the order never kept it). */
async function returnCoupon(trx: Trx, order: { id: number; coupon_held_id: number | null }): Promise<void> {
  if (order.coupon_held_id !== null) await giveBackCoupon(trx, order.coupon_held_id, order.id)
}

/**
 * Cancels one of the buyer's unpaid orders in the caller's transaction (the 'cancel' move,
 * conditional), releases its stock and gives its coupon back.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function cancelUnpaid(trx: Trx, userId: number, orderId: number, nowMs: number) {
  const order = await move(trx, { userId }, orderId, 'cancel', { cancelled_at_ms: nowMs })
  await releaseStock(trx, await stockLines(trx, order.id))
  await returnCoupon(trx, order)
  return order
}

/**
 * Cancels an unpaid order (buyer), releases its stock and gives its coupon back.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function cancelOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const order = await cancelUnpaid(trx, userId, orderId, Date.now())
    await storeOrderMessage(trx, {
      userId,
      key: 'order.cancelled',
      params: { orderNo: order.order_no },
      modules: 'order',
      modulesId: order.id,
    })
    await recordWebhookEvents(trx, [
      { shopId: order.shop_id, type: 'order.cancelled', data: { orderId: order.id, orderNo: order.order_no } },
    ])
  })
  return orderDetail(db.kysely, { userId }, orderId)
}

/**
 * Cancels one unpaid order whose payment time has passed (the sweep), releasing its stock and
 * giving its coupon back; a no-op when it was paid or cancelled meanwhile, so every node may
 * run it.
 * @returns whether this call cancelled it
 */
export async function expireOrder(db: Db, orderId: number, nowMs: number): Promise<boolean> {
  const { from, to } = orderTransitions.expire
  return db.kysely.transaction().execute(async (trx) => {
    const order = await repo.moveOrder(trx, undefined, orderId, from, { status: to, cancelled_at_ms: nowMs }, { payByAtOrBeforeMs: nowMs })
    if (!order) return false
    await releaseStock(trx, await stockLines(trx, order.id))
    await returnCoupon(trx, order)
    await storeOrderMessage(trx, {
      userId: order.user_id,
      key: 'order.expired',
      params: { orderNo: order.order_no },
      modules: 'order',
      modulesId: order.id,
    })
    await recordWebhookEvents(trx, [
      { shopId: order.shop_id, type: 'order.cancelled', data: { orderId: order.id, orderNo: order.order_no } },
    ])
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
    await move(trx, { userId }, orderId, 'modifyAddress', { address_json: JSON.stringify(snapshot) })
  })
  return orderDetail(db.kysely, { userId }, orderId)
}

/**
 * Ships a paid order with carrier and tracking number (merchant), recording the first
 * logistics event. In the same transaction the merchant pays the purchase price of the
 * units not refunded (ARCHITECTURE.md money flows: merchant available → platform purchase),
 * so of concurrent calls exactly one ships and pays (the order moves conditionally). Takes
 * an `Idempotency-Key`.
 * @throws 'Order not found' | 'Order status does not allow this' | 'Insufficient balance' | 'Account is locked' | 'Money Status is locked' | 'Idempotency key in use' | 'Idempotency key reused'
 */
export async function shipOrder(
  db: Db,
  merchant: { shopId: number; userId: number },
  orderId: number,
  shipment: { carrier: string; trackingNo: string },
  idempotencyKey?: string,
): Promise<Order> {
  const { shopId } = merchant
  const { carrier, trackingNo } = shipment
  const scope = {
    userId: merchant.userId,
    route: 'POST /shop/orders/:id/ship',
    key: idempotencyKey,
    body: { orderId, carrier, trackingNo },
  }
  await runIdempotent(db, scope, async (trx) => {
    const nowMs = Date.now()
    const order = await move(trx, { shopId }, orderId, 'ship', { shipped_at_ms: nowMs, carrier, tracking_no: trackingNo })
    const lines = await repo.findLines(trx, [order.id])
    const purchaseCents = lines.reduce(
      (sum, l) => sum + Number(l.purchase_unit_price_cents) * (l.quantity - Number(l.refunded_quantity)),
      0,
    )
    await payPurchase(trx, merchant.userId, { orderId: order.id, shopId }, purchaseCents)
    await repo.insertLogisticsEvent(trx, { order_id: order.id, description: `${carrier} ${trackingNo}`, at_ms: nowMs })
    await storeOrderMessage(trx, {
      userId: order.user_id,
      key: 'order.shipped',
      params: { orderNo: order.order_no, carrier, trackingNo },
      modules: 'order',
      modulesId: order.id,
    })
    return order.id
  })
  return orderDetail(db.kysely, { shopId }, orderId)
}

/**
 * Adds a logistics event to a shipped order (merchant).
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function addLogisticsEvent(db: Db, shopId: number, orderId: number, description: string): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const order = await move(trx, { shopId }, orderId, 'addLogistics')
    await repo.insertLogisticsEvent(trx, { order_id: order.id, description, at_ms: Date.now() })
  })
  return orderDetail(db.kysely, { shopId }, orderId)
}

/**
 * Confirms receipt (buyer, or the sweep 7 days after shipping): the order waits in 'to
 * review' through the after-sales window, its money still in escrow.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function confirmReceipt(db: Db, scope: repo.OrderScope, orderId: number, nowMs = Date.now()): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const order = await move(trx, scope, orderId, 'confirmReceipt', { received_at_ms: nowMs })
    await storeOrderMessage(trx, {
      userId: order.user_id,
      key: 'order.received',
      params: { orderNo: order.order_no },
      modules: 'order',
      modulesId: order.id,
    })
    await recordWebhookEvents(trx, [
      { shopId: order.shop_id, type: 'order.received', data: { orderId: order.id, orderNo: order.order_no } },
    ])
  })
  return orderDetail(db.kysely, scope, orderId)
}

/**
 * Completes an order once its after-sales window has passed with no open refund: what is
 * left in escrow moves to the merchant's available (withdrawable) balance, the order keeps
 * its profit and, with a unit kept, the shop's credit rises (contract `creditRules`); its
 * units counted in the shop's sales when they were paid. Conditional, so any node may run it: of concurrent calls
 * exactly one settles.
 * @returns whether this call completed it
 */
export async function completeOrder(db: Db, orderId: number, nowMs: number, afterSalesMs: number): Promise<boolean> {
  const { from, to } = orderTransitions.complete
  const openRefund = new Error('open refund')
  return db.kysely
    .transaction()
    .execute(async (trx) => {
      const order = await repo.moveOrder(
        trx,
        undefined,
        orderId,
        from,
        { status: to, completed_at_ms: nowMs },
        { receivedAtOrBeforeMs: nowMs - afterSalesMs },
      )
      if (!order) return false
      // Asked only now that the order's row is locked (a refund request marks it in its own
      // transaction, applyRefund): a request that committed first is seen here, one that
      // comes later finds the order completed. Asked before the move, a request committing in
      // between left an open refund on a completed order with its escrow settled away.
      if (await repo.orderHasOpenRefund(trx, orderId)) throw openRefund
      await settleAndKeepProfit(trx, order)
      const lines = await repo.findLines(trx, [order.id])
      const kept = lines.reduce((sum, l) => sum + l.quantity - Number(l.refunded_quantity), 0)
      if (kept > 0) await addShopCredit(trx, order.shop_id, creditRules.completedOrderPoints)
      return true
    })
    .catch((error: unknown) => {
      if (error === openRefund) return false
      throw error
    })
}
