import { z } from 'zod'
import {
  defaultStars,
  maxStars,
  minStars,
  reviewCommentMaxLength,
  reviewFilters,
  reviewHideReasonMaxLength,
  reviewMaxPhotos,
  reviewReplyMaxLength,
} from './review-values.ts'
import { cursorParam, multiLine } from './text.ts'

/** A review photo: the upload's id and its pixel size (served at /media/reviews/:id/:width.webp). */
export const ReviewPhoto = z.object({ id: z.number().int(), width: z.number().int(), height: z.number().int() })
export type ReviewPhoto = z.infer<typeof ReviewPhoto>

/**
 * A review as everyone sees it under a product (SPEC §2 comment_list): stars, text (shown as
 * text, never as markup), photos, the options of what was bought, and the shop's one reply.
 */
export const Review = z.object({
  id: z.number().int(),
  rating: z.number().int().min(minStars).max(maxStars),
  comment: z.string(),
  authorName: z.string(),
  /** The bought SKU's options ({"size":"M"}); option names are translation keys of the shop. */
  options: z.record(z.string(), z.string()),
  photos: z.array(ReviewPhoto),
  createdAtMs: z.number().int(),
  /** Set once the author used their one edit. */
  editedAtMs: z.number().int().nullable(),
  reply: z.object({ text: z.string(), atMs: z.number().int() }).nullable(),
})
export type Review = z.infer<typeof Review>

/**
 * A review with what it is about and whether operators hid it: for its author (my reviews),
 * its shop (to reply) and operators. `hiddenReason` says why an operator hid it.
 */
export const ReviewRecord = Review.extend({
  orderId: z.number().int(),
  lineId: z.number().int(),
  listingId: z.number().int(),
  title: z.string(),
  image: ReviewPhoto.nullable(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  userId: z.number().int(),
  hiddenAtMs: z.number().int().nullable(),
  hiddenReason: z.string().nullable(),
})
export type ReviewRecord = z.infer<typeof ReviewRecord>

/**
 * A listing's review figures, from visible reviews only (hidden ones do not count): the
 * average to one decimal (null with no review), the count, the count of each star value and
 * of reviews with photos.
 */
export const ReviewSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  byStars: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
  withPhotos: z.number().int(),
})
export type ReviewSummary = z.infer<typeof ReviewSummary>

const rating = z
  .number()
  .int('Rating must be 1 to 5')
  .min(minStars, 'Rating must be 1 to 5')
  .max(maxStars, 'Rating must be 1 to 5')
  .default(defaultStars)
const comment = multiLine().trim().max(reviewCommentMaxLength, 'Review too long').default('')
const photoUploadIds = z
  .array(z.number().int().positive('Invalid photo'))
  .max(reviewMaxPhotos, 'Too many photos')
  .refine((ids) => new Set(ids).size === ids.length, 'Invalid photo')
  .default([])

/**
 * `POST /api/reviews`: a review of one received order line. Stars default to 5; the text may
 * be empty, at most 140 characters ('Review too long'); up to 6 photos uploaded with purpose
 * `review_photo` ('Too many photos', 'Invalid photo').
 */
export const ReviewBody = z.object({ lineId: z.number().int().positive(), rating, comment, photoUploadIds }).strict()
export type ReviewBody = z.input<typeof ReviewBody>

/** `PUT /api/reviews/:id`: the one edit, replacing stars, text and photos. */
export const ReviewEditBody = z.object({ rating, comment, photoUploadIds }).strict()
export type ReviewEditBody = z.input<typeof ReviewEditBody>

/** The shop's one reply to a review. */
export const ReplyBody = z.object({ text: multiLine().trim().min(1, 'Invalid parameters').max(reviewReplyMaxLength) }).strict()
/** An operator hides a review, saying why (the author sees the reason). */
export const HideBody = z.object({ reason: multiLine().trim().min(1, 'Invalid parameters').max(reviewHideReasonMaxLength) }).strict()

const limit = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int('Page size must be 1 to 100')
    .min(1, 'Page size must be 1 to 100')
    .max(max, 'Page size must be 1 to 100')
    .default(fallback)

/** A product's review list: a filter (all, with photos, one star value), cursor-paginated. */
export const ReviewListQuery = z
  .object({ filter: z.enum(reviewFilters).default('all'), cursor: cursorParam.optional(), limit: limit(50, 10) })
  .strict()
export type ReviewListQuery = z.infer<typeof ReviewListQuery>

/** The buyer's own reviews, newest first, or those of one order. */
export const MyReviewQuery = z
  .object({ orderId: z.coerce.number().int().positive().optional(), cursor: cursorParam.optional(), limit: limit(100, 20) })
  .strict()
export type MyReviewQuery = z.infer<typeof MyReviewQuery>

/** The shop's reviews (merchant), or one order's. */
export const ShopReviewQuery = MyReviewQuery
/** The operators' review list: all, only visible, or only hidden ones. */
export const AdminReviewQuery = z
  .object({
    status: z.enum(['all', 'visible', 'hidden']).default('all'),
    cursor: cursorParam.optional(),
    limit: limit(100, 20),
  })
  .strict()
export type AdminReviewQuery = z.infer<typeof AdminReviewQuery>

export const ReviewPage = z.object({ items: z.array(Review), nextCursor: z.string().nullable() })
export type ReviewPage = z.infer<typeof ReviewPage>
export const ReviewRecordPage = z.object({ items: z.array(ReviewRecord), nextCursor: z.string().nullable() })
export type ReviewRecordPage = z.infer<typeof ReviewRecordPage>
