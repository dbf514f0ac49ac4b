import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'

/**
 * Order lines as the review module needs them (ARCHITECTURE.md: a module reaches another's
 * data through its service). Every function takes the caller's transaction.
 */

/** A buyer's order line with what a review records and checks. */
export interface ReviewableLine {
  lineId: number
  orderId: number
  listingId: number
  shopId: number
  title: string
  optionsJson: string
  imageId: number | null
  quantity: number
  refundedQuantity: number
  reviewId: number | null
  orderStatus: string
  receivedAtMs: number | null
}

/**
 * One of the buyer's own order lines with its order's state.
 * @throws 'Order not found' (someone else's line too: ids reveal nothing)
 */
export async function buyerLine(trx: Trx, userId: number, lineId: number): Promise<ReviewableLine> {
  const row = await repo.findBuyerLine(trx, userId, lineId)
  if (!row) throw new AppError('Order not found')
  return {
    lineId: row.id,
    orderId: row.order_id,
    listingId: row.listing_id,
    shopId: row.shop_id,
    title: row.title,
    optionsJson: row.options_json,
    imageId: row.image_id,
    quantity: row.quantity,
    refundedQuantity: Number(row.refunded_quantity),
    reviewId: row.review_id,
    orderStatus: row.status,
    receivedAtMs: row.received_at_ms,
  }
}

/**
 * Records that a line has its review (the order's 'Review' action and 'to review' count):
 * a conditional update, so a line is linked to one review only.
 * @throws 'Already reviewed' when the line has one
 */
export async function markLineReviewed(trx: Trx, lineId: number, reviewId: number): Promise<void> {
  if (!(await repo.setLineReview(trx, lineId, reviewId))) throw new AppError('Already reviewed')
}
