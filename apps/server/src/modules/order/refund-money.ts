import { randomInt } from 'node:crypto'
import { orderTransitions } from '@bazaar/contract/orders-values'
import { refundShares } from '@bazaar/contract/refund-rules'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { releaseStock, reverseSale } from '../catalog/inventory-service.ts'
import { giveBackCoupon } from '../coupon/checkout-service.ts'
import { refundFromEscrow, returnCouponFromEscrow, returnPurchase } from '../wallet/escrow-service.ts'
import { orderMoney } from '../wallet/merchant-service.ts'
import { orderFor } from './details.ts'
import { merchantOf, settleAndKeepProfit } from './merchant-money.ts'
import * as repo from './repo.ts'

/**
 * What a refund moves, whoever decided it (the merchant, the answer sweep, the ship-by
 * sweep): the shares of a line's units and the money and stock of an agreed refund.
 */

/** A new refund number: R, the UTC day, ten random digits. */
export const newRefundNo = (nowMs: number) =>
  `R${new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`

/** A refund as `repo.decideRefund` returns it. */
export type RefundRow = NonNullable<Awaited<ReturnType<typeof repo.decideRefund>>>
type LineRow = NonNullable<Awaited<ReturnType<typeof repo.findLine>>>
type OrderRow = Awaited<ReturnType<typeof orderFor>>

/**
 * What refunding `units` of a line returns (contract refund-rules.ts), from the stored line:
 * the buyer's net paid for them, and a platform coupon's share back to marketing (a shop's
 * coupon was never money: the shop simply receives less).
 * `purchasePaid`: the merchant paid the order's purchase price (its ledger says so).
 */
export function sharesOf(order: OrderRow, line: LineRow, units: number, purchasePaid = false) {
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
export async function refundUnits(trx: Trx, refund: RefundRow, moveOrder = true): Promise<void> {
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
