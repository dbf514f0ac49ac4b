/**
 * Reviews' plain values (no zod): review.ts builds its schemas from them, and the shop
 * imports them from here (BENCH B1/B2). SPEC §2 comment / comment_list, §3 review stars
 * (default 5), §5 comment length 140.
 */

/** Stars of a review: 1 to 5, 5 unless the buyer picks fewer (SPEC §3 'default rate 5'). */
export const minStars = 1
export const maxStars = 5
export const defaultStars = 5
export const starValues = [1, 2, 3, 4, 5] as const
export type StarValue = (typeof starValues)[number]

/** Longest review text, in characters (SPEC §5 'Comment length default maximum 140'). */
export const reviewCommentMaxLength = 140
/** Most photos on one review. */
export const reviewMaxPhotos = 6
/** Longest merchant reply and operator's hiding reason, in characters. */
export const reviewReplyMaxLength = 300
export const reviewHideReasonMaxLength = 200

/** A review may be edited once, within this time after it was posted. */
export const reviewEditWindowMs = 7 * 24 * 60 * 60_000
/** A received order's lines may be reviewed for this long after receipt (a limit on the 'to review' list). */
export const reviewWindowMs = 90 * 24 * 60 * 60_000

/** Filters of a product's review list: all, only those with photos, or one star value. */
export const reviewFilters = ['all', 'photos', '5', '4', '3', '2', '1'] as const
export type ReviewFilter = (typeof reviewFilters)[number]

/** Order states whose goods have been received (the only ones a buyer may review). */
export const reviewableOrderStatuses = ['to_review', 'completed'] as const

/**
 * Whether a buyer may review a line of an order now: the goods were received (order to
 * review or completed) within `reviewWindowMs`, some unit was kept (not all refunded), and
 * the line has no review yet. The server applies the same rule ('Order status does not
 * allow this', 'Review period over', 'Refunded goods cannot be reviewed', 'Already reviewed').
 */
export function canReviewLine(
  order: { status: string; receivedAtMs: number | null },
  line: { quantity: number; refundedQuantity: number; reviewId: number | null },
  nowMs: number,
): boolean {
  return (
    (reviewableOrderStatuses as readonly string[]).includes(order.status) &&
    order.receivedAtMs !== null &&
    nowMs <= order.receivedAtMs + reviewWindowMs &&
    line.refundedQuantity < line.quantity &&
    line.reviewId === null
  )
}

/** Whether the author may still edit a review: not edited before, not hidden, within `reviewEditWindowMs`. */
export function canEditReview(review: { createdAtMs: number; editedAtMs: number | null; hidden: boolean }, nowMs: number): boolean {
  return review.editedAtMs === null && !review.hidden && nowMs <= review.createdAtMs + reviewEditWindowMs
}

/** URL of a review photo at a width (`imageWidths` of catalog-values), relative to the API origin. */
export function reviewPhotoUrl(uploadId: number, width: number): string {
  return `/media/reviews/${uploadId}/${width}.webp`
}
