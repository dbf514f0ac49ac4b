import type { ReviewRecord } from '@bazaar/contract/review'
import { reviewableOrderStatuses, reviewEditWindowMs, reviewWindowMs } from '@bazaar/contract/review-values'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { buyerLine, markLineReviewed } from '../order/line-service.ts'
import { ownUploads } from '../uploads/service.ts'
import { recordOf } from './records.ts'
import * as repo from './repo.ts'

/**
 * Reviews of received order lines (SPEC §2 comment, comment_list; §3 review stars; §5 length
 * 140): one per line, editable once within 7 days, one shop reply, hidden only by operators
 * with a reason. Every change writes the listing's summary in the same transaction
 * (`review_summaries`: visible reviews only), so cards and product pages stay right.
 */

type Stars = 1 | 2 | 3 | 4 | 5

/** What one review adds to its listing's summary (negate to take it out). */
function contribution(rating: number, photoCount: number, sign: 1 | -1): repo.SummaryDelta {
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
  stars[rating as Stars] = sign
  return { count: sign, ratingSum: sign * rating, stars, withPhotos: photoCount > 0 ? sign : 0 }
}

function sumDeltas(a: repo.SummaryDelta, b: repo.SummaryDelta): repo.SummaryDelta {
  const stars = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
  for (const n of [1, 2, 3, 4, 5] as const) stars[n] = a.stars[n] + b.stars[n]
  return { count: a.count + b.count, ratingSum: a.ratingSum + b.ratingSum, stars, withPhotos: a.withPhotos + b.withPhotos }
}

/**
 * The photos a review may carry: the author's own uploads of purpose `review_photo`, each on
 * no other review.
 * @throws 'Invalid photo'
 */
async function checkPhotos(trx: Trx, userId: number, uploadIds: number[], reviewId: number | undefined) {
  const own = await ownUploads(trx, uploadIds, userId, 'review_photo')
  const used = await repo.findUsedUploads(trx, uploadIds, reviewId)
  if (own.size !== uploadIds.length || used.length > 0) throw new AppError('Invalid photo')
  return uploadIds.map((id, position) => ({ position, upload_id: id, width: own.get(id)!.width, height: own.get(id)!.height }))
}

/**
 * Reviews a received order line (SPEC §2 comment): stars 1 to 5 (default 5), text up to 140
 * characters, up to 6 own photos of purpose `review_photo`. One review per line: the unique
 * index `reviews_order_line` decides between concurrent posts; the line is marked reviewed
 * and the listing's summary raised in the same transaction.
 * @throws 'Order not found' | 'Order status does not allow this' (not received yet) |
 *   'Review period over' | 'Refunded goods cannot be reviewed' | 'Already reviewed' | 'Invalid photo'
 */
export async function createReview(
  db: Db,
  userId: number,
  body: { lineId: number; rating: number; comment: string; photoUploadIds: number[] },
  nowMs = Date.now(),
): Promise<ReviewRecord> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const line = await buyerLine(trx, userId, body.lineId)
      if (!(reviewableOrderStatuses as readonly string[]).includes(line.orderStatus) || line.receivedAtMs === null)
        throw new AppError('Order status does not allow this')
      if (line.reviewId !== null) throw new AppError('Already reviewed')
      if (nowMs > line.receivedAtMs + reviewWindowMs) throw new AppError('Review period over')
      if (line.refundedQuantity >= line.quantity) throw new AppError('Refunded goods cannot be reviewed')
      const photos = await checkPhotos(trx, userId, body.photoUploadIds, undefined)
      const row = await repo.insertReview(trx, {
        order_line_id: line.lineId,
        order_id: line.orderId,
        listing_id: line.listingId,
        shop_id: line.shopId,
        user_id: userId,
        rating: body.rating,
        comment: body.comment,
        title: line.title,
        options_json: line.optionsJson,
        image_id: line.imageId,
        photo_count: photos.length,
        created_at_ms: nowMs,
      })
      await repo.replacePhotos(trx, row.id, photos)
      await markLineReviewed(trx, line.lineId, row.id)
      await repo.addToSummary(trx, line.listingId, contribution(row.rating, photos.length, 1))
      return recordOf(trx, row)
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    // PostgreSQL: a concurrent post of the same line loses on the unique index (SQLite runs
    // them one after the other, and the loser sees the line reviewed); a photo taken by a
    // concurrent review loses on review_photos' unique upload.
    if (isUniqueViolation(error, 'reviews_order_line')) throw new AppError('Already reviewed')
    if (isUniqueViolation(error)) throw new AppError('Invalid photo')
    throw error
  }
}

/**
 * The author's one edit, within 7 days of posting (stars, text and photos replaced); the
 * listing's summary moves from the old stars to the new ones in the same transaction.
 * @throws 'Review not found' | 'Review is hidden' | 'Review already edited' | 'Review edit period over' | 'Invalid photo'
 */
export async function editReview(
  db: Db,
  userId: number,
  reviewId: number,
  body: { rating: number; comment: string; photoUploadIds: number[] },
  nowMs = Date.now(),
): Promise<ReviewRecord> {
  return db.kysely.transaction().execute(async (trx) => {
    const old = await repo.findReview(trx, reviewId)
    if (old?.user_id !== userId) throw new AppError('Review not found')
    if (old.hidden_at_ms !== null) throw new AppError('Review is hidden')
    if (old.edited_at_ms !== null) throw new AppError('Review already edited')
    if (nowMs > old.created_at_ms + reviewEditWindowMs) throw new AppError('Review edit period over')
    const photos = await checkPhotos(trx, userId, body.photoUploadIds, reviewId)
    const row = await repo.editReview(trx, reviewId, {
      rating: body.rating,
      comment: body.comment,
      photo_count: photos.length,
      edited_at_ms: nowMs,
    })
    if (!row) throw new AppError('Review already edited')
    await repo.replacePhotos(trx, reviewId, photos)
    await repo.addToSummary(
      trx,
      row.listing_id,
      sumDeltas(contribution(old.rating, old.photo_count, -1), contribution(row.rating, row.photo_count, 1)),
    )
    return recordOf(trx, row)
  })
}

/**
 * The shop's one reply to a review of its goods.
 * @throws 'Review not found' (another shop's too) | 'Review is hidden' | 'Already replied'
 */
export async function replyToReview(db: Db, shopId: number, reviewId: number, text: string, nowMs = Date.now()): Promise<ReviewRecord> {
  return db.kysely.transaction().execute(async (trx) => {
    const old = await repo.findReview(trx, reviewId)
    if (old?.shop_id !== shopId) throw new AppError('Review not found')
    if (old.hidden_at_ms !== null) throw new AppError('Review is hidden')
    const row = await repo.replyToReview(trx, reviewId, shopId, text, nowMs)
    if (!row) throw new AppError('Already replied')
    return recordOf(trx, row)
  })
}

/**
 * An operator hides a review with a reason (its author sees both): it leaves the product
 * page, its photos stop being public, and the listing's summary drops it, in the same
 * transaction as the audit entry.
 * @throws 'Review not found' | 'Review already hidden'
 */
export async function hideReview(db: Db, operatorId: number, reviewId: number, reason: string, nowMs = Date.now()): Promise<ReviewRecord> {
  return db.kysely.transaction().execute(async (trx) => {
    const old = await repo.findReview(trx, reviewId)
    if (!old) throw new AppError('Review not found')
    const row = await repo.hideReview(trx, reviewId, operatorId, reason, nowMs)
    if (!row) throw new AppError('Review already hidden')
    await repo.addToSummary(trx, row.listing_id, contribution(row.rating, row.photo_count, -1))
    await recordAudit(trx, {
      operatorId,
      action: 'review.hide',
      targetType: 'review',
      targetId: reviewId,
      detail: { reason, userId: row.user_id, listingId: row.listing_id },
    })
    return recordOf(trx, row)
  })
}
