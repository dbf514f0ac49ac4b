import type { Order } from '@bazaar/contract/orders'
import { canDo } from '@bazaar/contract/orders-values'
import { refundShares } from '@bazaar/contract/refund-rules'
import { canReviewLine } from '@bazaar/contract/review-values'

/** The lines a refund may still be asked for: state allows it, within after-sales, money left, none open. */
export function refundableLines(order: Order, nowMs: number): Order['lines'] {
  if (!canDo('applyRefund', order.status)) return []
  if (order.afterSalesUntilMs !== null && nowMs > order.afterSalesUntilMs) return []
  return order.lines.filter((line) => unitsLeft(line) > 0 && !order.refunds.some((r) => r.lineId === line.id && r.status === 'applied'))
}

export type BuyerAction = 'pay' | 'cancel' | 'modifyAddress' | 'logistics' | 'confirmReceipt' | 'refund' | 'review'

/** Whether some line of the order may still be reviewed (received, kept, in the review window, not reviewed). */
export function hasLineToReview(order: Order, nowMs: number): boolean {
  return order.lines.some((line) => canReviewLine(order, line, nowMs))
}

/**
 * The buyer's actions on an order, in the order the card shows them (the main one last): only
 * those the state table allows (contract canDo), payment only before its deadline, and
 * 'review' while a received line has no review (contract review-values).
 */
export function buyerActions(order: Order, nowMs: number): BuyerAction[] {
  const actions: BuyerAction[] = []
  if (canDo('cancel', order.status)) actions.push('cancel')
  if (canDo('modifyAddress', order.status)) actions.push('modifyAddress')
  if (order.shippedAtMs !== null && order.status !== 'cancelled') actions.push('logistics')
  if (refundableLines(order, nowMs).length > 0) actions.push('refund')
  if (canDo('confirmReceipt', order.status)) actions.push('confirmReceipt')
  if (canDo('pay', order.status) && nowMs < order.payByMs) actions.push('pay')
  if (hasLineToReview(order, nowMs)) actions.push('review')
  return actions
}

/** How many pieces an order holds (the card's "3 items"). */
export function pieceCount(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((n, l) => n + l.quantity, 0)
}

/** Units of a line that may still be refunded. */
export function unitsLeft(line: Pick<Order['lines'][number], 'quantity' | 'refundedQuantity'>): number {
  return Math.max(0, line.quantity - line.refundedQuantity)
}

/**
 * What the buyer gets back for refunding `units` more units of a line: the same rule the
 * server applies (contract refund-rules.ts), so the sheet shows the amount before sending.
 */
export function refundPreviewCents(line: Order['lines'][number], units: number): number {
  if (units < 1 || units > unitsLeft(line)) return 0
  return refundShares(
    {
      quantity: line.quantity,
      refundedQuantity: line.refundedQuantity,
      netPaidCents: line.netPaidCents,
      couponShareCents: 0,
      purchaseUnitPriceCents: 0,
    },
    units,
    { platformCoupon: false, shipped: true, purchasePaid: false },
  ).buyerCents
}

/** What a line's amount after its coupon share is, by the order's state: still to pay, paid, or (an unpaid order that was cancelled) only its price after the coupon. */
export type LineAmountLabel = 'netToPay' | 'netPaid' | 'netAfterCoupon'

/** The label of a line's amount after its coupon share (coupons:order.*): an unpaid order's line is not "paid". */
export function lineAmountLabel(order: Pick<Order, 'status' | 'paidAtMs'>): LineAmountLabel {
  if (order.paidAtMs !== null) return 'netPaid'
  return order.status === 'pending_payment' ? 'netToPay' : 'netAfterCoupon'
}
