import { randomInt } from 'node:crypto'
import { creditRules } from '@bazaar/contract/merchant-values'
import type { Order } from '@bazaar/contract/orders'
import { canDo, orderTransitions, refundTransitions, shipByRefundReason } from '@bazaar/contract/orders-values'
import { refundShares } from '@bazaar/contract/refund-rules'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { recordShopSales, releaseStock, reverseSale } from '../catalog/inventory-service.ts'
import { shopNames } from '../catalog/service.ts'
import { addShopCredit } from '../catalog/shop-service.ts'
import { giveBackCoupon } from '../coupon/checkout-service.ts'
import { refundFromEscrow, returnCouponFromEscrow, returnPurchase } from '../wallet/escrow-service.ts'
import { orderMoney } from '../wallet/merchant-service.ts'
import { orderDetail, orderFor } from './details.ts'
import { merchantOf, settleAndKeepProfit } from './merchant-money.ts'
import { storeOrderMessage } from './messages.ts'
import * as repo from './repo.ts'
import { orderSettings } from './rules-service.ts'

const newRefundNo = (nowMs: number) =>
  `R${new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`

type RefundRow = NonNullable<Awaited<ReturnType<typeof repo.decideRefund>>>
type LineRow = NonNullable<Awaited<ReturnType<typeof repo.findLine>>>
type OrderRow = Awaited<ReturnType<typeof orderFor>>

/**
 * What refunding `units` of a line returns (contract refund-rules.ts), from the stored line:
 * the buyer's net paid for them, and a platform coupon's share back to marketing (a shop's
 * coupon was never money: the shop simply receives less).
 * `purchasePaid`: the merchant paid the order's purchase price (its ledger says so).
 */
function sharesOf(order: OrderRow, line: LineRow, units: number, purchasePaid = false) {
  return refundShares(
    {
      quantity: line.quantity,
      refundedQuantity: Number(line.refunded_quantity),
      netPaidCents: Number(line.net_paid_cents),
      couponShareCents: Number(line.coupon_share_cents),
      purchaseUnitPriceCents: Number(line.purchase_unit_price_cents),
    },
    units,
    { platformCoupon: order.coupon_issuer === 'platform', shipped: order.shipped_at_ms !== null, purchasePaid },
  )
}

/**
 * Applies for a refund of `quantity` units of one line (SPEC §3 Refund, §4): the amount is the
 * buyer's net paid for those units (never a figure the client sends), at most one open
 * request per line (a partial unique index decides, also under bursts), within the
 * after-sales window after receipt. The merchant has 24 hours (operator setting) before it
 * is agreed automatically.
 * @throws 'Order not found' | 'Order status does not allow this' | 'after-sales time exceeded' | 'Refund quantity exceeds the units left' | 'A refund is already open for this item' | 'Invalid parameters' (not a line of the order)
 */
export async function applyRefund(
  db: Db,
  userId: number,
  orderId: number,
  body: { lineId: number; quantity: number; reason: string },
): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const order = await orderFor(trx, { userId }, orderId)
      const nowMs = Date.now()
      if (!canDo('applyRefund', order.status)) throw new AppError('Order status does not allow this')
      if (order.received_at_ms !== null && nowMs > order.received_at_ms + settings.after_sales_ms)
        throw new AppError('after-sales time exceeded')
      const line = await repo.findLine(trx, order.id, body.lineId)
      if (!line) throw new AppError('Invalid parameters')
      if (body.quantity > line.quantity - Number(line.refunded_quantity)) throw new AppError('Refund quantity exceeds the units left')
      const shares = sharesOf(order, line, body.quantity)
      const refund = await repo.insertRefund(trx, {
        refund_no: newRefundNo(nowMs),
        order_id: order.id,
        order_line_id: line.id,
        user_id: userId,
        shop_id: order.shop_id,
        reason: body.reason,
        quantity: body.quantity,
        amount_cents: shares.buyerCents,
        status: 'applied',
        applied_at_ms: nowMs,
        respond_by_ms: nowMs + settings.refund_response_ms,
        responded_at_ms: null,
        refuse_reason: null,
      })
      // The status again, in the same statement that locks the order's row: an order the
      // completion sweep settled meanwhile (escrow emptied) takes no refund, and one this
      // transaction marked waits for it to end before it can complete. Locked after the
      // refund's insert, as an answer to a refund locks its refund and then the order: the
      // other way round, a new refund waiting on the line's open one (its unique index) while
      // holding the order deadlocked with that answer on PostgreSQL.
      if (!(await repo.markHasRefund(trx, order.id, orderTransitions.applyRefund.from)))
        throw new AppError('Order status does not allow this')
      const merchant = (await shopNames(trx, [order.shop_id])).get(order.shop_id)
      if (merchant)
        await storeOrderMessage(trx, {
          userId: merchant.ownerUserId,
          key: 'refund.requested',
          params: { refundNo: refund.refund_no, orderNo: order.order_no },
          modules: 'refund',
          modulesId: refund.id,
        })
    })
  } catch (error) {
    if (isUniqueViolation(error, 'refunds_one_open_per_line')) throw new AppError('A refund is already open for this item')
    throw error
  }
  return orderDetail(db.kysely, { userId }, orderId)
}

/**
 * Why a merchant's answer to a refund changed nothing: not the shop's refund, or not open.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
async function refuseAnswer(trx: Trx, refundId: number, shopId: number): Promise<never> {
  if (!(await repo.findShopRefund(trx, refundId, shopId))) throw new AppError('Order not found')
  throw new AppError('Order status does not allow this')
}

/**
 * Moves the money and stock of an agreed refund (ARCHITECTURE.md, money flows): the buyer's
 * net paid for the units from escrow back to the buyer, and a platform coupon's share of them
 * back to marketing; units never shipped go back on the shelf, and their purchase price back
 * to the merchant if it was paid; the units leave the listing's sales counts (the caller takes them
 * out of the shop's, once its listings are done); the shop's credit falls
 * (contract `creditRules`). When that was the order's last unit the order becomes 'refunded':
 * never shipped, its freight goes back to the buyer too and its coupon returns unused;
 * shipped, what is left in escrow (the freight the merchant spent) settles to the merchant.
 * Either way the closed order keeps its profit.
 */
async function refundUnits(trx: Trx, refund: RefundRow, moveOrder = true): Promise<void> {
  const order = await orderFor(trx, { userId: refund.user_id }, refund.order_id)
  const line = await repo.findLine(trx, order.id, refund.order_line_id)
  if (!line) throw new Error(`line ${refund.order_line_id} of refund ${refund.id} is missing`)
  const money = (await orderMoney(trx, [order.id])).get(order.id)!
  const computed = sharesOf(order, line, refund.quantity, money.purchasePaidCents > money.purchaseReturnedCents)
  // Never more than the line has left to refund (refunds by amount before units existed count too).
  const shares = {
    ...computed,
    buyerCents: Math.max(0, Math.min(computed.buyerCents, Number(line.net_paid_cents) - Number(line.refunded_cents))),
  }
  const ref = { orderId: order.id, shopId: order.shop_id }
  const units = [{ listingId: line.listing_id, skuId: line.sku_id, quantity: refund.quantity }]
  await repo.addRefunded(trx, {
    orderId: order.id,
    lineId: line.id,
    units: refund.quantity,
    lineCents: shares.buyerCents,
    orderCents: shares.buyerCents,
  })
  if (shares.buyerCents > 0) await refundFromEscrow(trx, refund.user_id, ref, shares.buyerCents, refund.id)
  await returnCouponFromEscrow(trx, refund.user_id, ref, shares.couponReturnCents, refund.id)
  if (shares.purchaseReturnCents > 0)
    await returnPurchase(trx, await merchantOf(trx, order.shop_id), ref, shares.purchaseReturnCents, refund.id)
  await reverseSale(trx, units)
  if (order.shipped_at_ms === null) await releaseStock(trx, units)
  let freightCents = 0
  if (await repo.allUnitsRefunded(trx, order.id)) {
    if (moveOrder) {
      const { from, to } = orderTransitions.refundAll
      const moved = await repo.moveOrder(trx, undefined, order.id, from, { status: to, completed_at_ms: Date.now() })
      if (!moved) throw new AppError('Order status does not allow this')
    }
    if (order.shipped_at_ms === null) {
      if (order.coupon_held_id !== null) await giveBackCoupon(trx, order.coupon_held_id, order.id)
      freightCents = Number(order.freight_cents)
      if (freightCents > 0) {
        await refundFromEscrow(trx, refund.user_id, ref, freightCents, refund.id)
        await repo.addRefunded(trx, { orderId: order.id, lineId: line.id, units: 0, lineCents: 0, orderCents: freightCents })
      }
    }
    await settleAndKeepProfit(trx, order)
  }
  await repo.setRefundAmounts(trx, refund.id, {
    amount_cents: shares.buyerCents,
    freight_cents: freightCents,
    coupon_return_cents: shares.couponReturnCents,
    purchase_return_cents: shares.purchaseReturnCents,
  })
}

/**
 * Agrees a refund (merchant, or the sweep when the 24 hours have passed) and moves its
 * money at once (refund succeeded): see `refundUnits`.
 * @param shopId the merchant's shop, or undefined for the sweep
 * @returns whether this call agreed it
 * @throws 'Order not found' | 'Order status does not allow this' (not this shop's refund, or not open) when called by a merchant
 */
export async function agreeRefund(db: Db, refundId: number, shopId: number | undefined, nowMs = Date.now()): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const refund = await repo.decideRefund(
      trx,
      refundId,
      refundTransitions[shopId === undefined ? 'autoAgree' : 'agree'],
      { responded_at_ms: nowMs },
      shopId === undefined ? { dueAtMs: nowMs } : { shopId },
    )
    if (!refund) {
      if (shopId !== undefined) await refuseAnswer(trx, refundId, shopId)
      return false
    }
    await refundUnits(trx, refund)
    // The shop's row last, after its listings and rollup rows, as a payment takes them (no deadlock on PostgreSQL).
    await recordShopSales(trx, refund.shop_id, -refund.quantity)
    await addShopCredit(trx, refund.shop_id, creditRules.refundPoints)
    await storeOrderMessage(trx, {
      userId: refund.user_id,
      key: 'refund.succeeded',
      params: { refundNo: refund.refund_no },
      modules: 'refund',
      modulesId: refund.id,
    })
    return true
  })
}

/**
 * Refuses a refund with a reason (merchant); nothing moves.
 * @throws 'Order not found' | 'Order status does not allow this'
 */
export async function refuseRefund(db: Db, refundId: number, shopId: number, reason: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const refund = await repo.decideRefund(
      trx,
      refundId,
      refundTransitions.refuse,
      { responded_at_ms: Date.now(), refuse_reason: reason },
      { shopId },
    )
    if (!refund) return refuseAnswer(trx, refundId, shopId)
    await storeOrderMessage(trx, {
      userId: refund.user_id,
      key: 'refund.refused',
      params: { refundNo: refund.refund_no, reason },
      modules: 'refund',
      modulesId: refund.id,
    })
  })
}

/**
 * Refunds in full a paid order not shipped within the ship-by time (the sweep; SPEC §4,
 * order time rules): the order moves to 'refunded' first, conditionally, so of concurrent
 * sweeps exactly one refunds it (and a merchant shipping at the same moment either ships it
 * or finds it refunded). Each line's units left are refunded as a refund that succeeded
 * (an open request on a line becomes it), with the reason `shipByRefundReason`; the freight
 * goes back with the last; the shop's credit falls once.
 * @returns whether this call refunded it
 */
export async function refundNotShipped(db: Db, orderId: number, nowMs: number, shipByMs: number): Promise<boolean> {
  const { from, to } = orderTransitions.shipTimeout
  return db.kysely.transaction().execute(async (trx) => {
    const order = await repo.moveOrder(
      trx,
      undefined,
      orderId,
      from,
      { status: to, completed_at_ms: nowMs, has_refund: 1 },
      { paidAtOrBeforeMs: nowMs - shipByMs },
    )
    if (!order) return false
    const open = await repo.findOpenRefunds(trx, order.id)
    let refundedUnits = 0
    for (const line of await repo.findLines(trx, [order.id])) {
      const left = line.quantity - Number(line.refunded_quantity)
      if (left <= 0) continue
      const pending = open.find((r) => r.order_line_id === line.id)
      let refund: RefundRow | undefined
      if (pending) {
        refund = await repo.decideRefund(
          trx,
          pending.id,
          refundTransitions.autoAgree,
          { responded_at_ms: nowMs },
          { shopId: order.shop_id },
        )
        if (refund && refund.quantity !== left) refund = await repo.setRefundQuantity(trx, refund.id, left)
      } else {
        const inserted = await repo.insertRefund(trx, {
          refund_no: newRefundNo(nowMs),
          order_id: order.id,
          order_line_id: line.id,
          user_id: order.user_id,
          shop_id: order.shop_id,
          reason: shipByRefundReason,
          quantity: left,
          // What the units left paid; refundUnits sets the exact share (the same, as they are the last).
          amount_cents: Number(line.net_paid_cents) - Number(line.refunded_cents),
          status: 'succeeded',
          applied_at_ms: nowMs,
          respond_by_ms: nowMs,
          responded_at_ms: nowMs,
          refuse_reason: null,
        })
        refund = await repo.findRefund(trx, inserted.id)
      }
      if (!refund) throw new Error(`refund of line ${line.id} could not be recorded`)
      await refundUnits(trx, refund, false)
      refundedUnits += refund.quantity
    }
    // The shop's row once, after every line's listings: a row taken between two lines' would deadlock with a payment.
    await recordShopSales(trx, order.shop_id, -refundedUnits)
    await addShopCredit(trx, order.shop_id, creditRules.refundPoints)
    await storeOrderMessage(trx, {
      userId: order.user_id,
      key: 'order.notShipped',
      params: { orderNo: order.order_no },
      modules: 'order',
      modulesId: order.id,
    })
    return true
  })
}
