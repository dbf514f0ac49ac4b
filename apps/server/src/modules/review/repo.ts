import type { ReviewFilter } from '@bazaar/contract/review-values'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'
import type { ReviewPhotosTable, ReviewsTable } from './tables.ts'

const reviewColumns = [
  'id',
  'order_line_id',
  'order_id',
  'listing_id',
  'shop_id',
  'user_id',
  'rating',
  'comment',
  'title',
  'options_json',
  'image_id',
  'photo_count',
  'created_at_ms',
  'edited_at_ms',
  'reply',
  'replied_at_ms',
  'hidden_at_ms',
  'hidden_reason',
] as const

/** Inserts a review and returns its row (fails on `reviews_order_line` for a second review of a line). */
export function insertReview(db: Trx, row: Insertable<ReviewsTable>) {
  return db.insertInto('reviews').values(row).returning(reviewColumns).executeTakeFirstOrThrow()
}

/** One review by id, or undefined. */
export function findReview(db: Trx, reviewId: number) {
  return db.selectFrom('reviews').select(reviewColumns).where('id', '=', reviewId).executeTakeFirst()
}

/** Reviews by id, any order. */
export function findReviews(db: Trx, reviewIds: number[]) {
  if (reviewIds.length === 0) return Promise.resolve([])
  return db.selectFrom('reviews').select(reviewColumns).where('id', 'in', reviewIds).execute()
}

/**
 * The author's one edit: a conditional update (not edited before, not hidden), so two edits
 * at once change it once.
 * @returns the edited row, or undefined when the condition failed
 */
export function editReview(
  db: Trx,
  reviewId: number,
  change: { rating: number; comment: string; photo_count: number; edited_at_ms: number },
) {
  return db
    .updateTable('reviews')
    .set(change)
    .where('id', '=', reviewId)
    .where('edited_at_ms', 'is', null)
    .where('hidden_at_ms', 'is', null)
    .returning(reviewColumns)
    .executeTakeFirst()
}

/** The shop's one reply: a conditional update (no reply yet, not hidden). @returns the row, or undefined */
export function replyToReview(db: Trx, reviewId: number, shopId: number, text: string, atMs: number) {
  return db
    .updateTable('reviews')
    .set({ reply: text, replied_at_ms: atMs })
    .where('id', '=', reviewId)
    .where('shop_id', '=', shopId)
    .where('reply', 'is', null)
    .where('hidden_at_ms', 'is', null)
    .returning(reviewColumns)
    .executeTakeFirst()
}

/** An operator hides a review: a conditional update (not hidden yet). @returns the row, or undefined */
export function hideReview(db: Trx, reviewId: number, operatorId: number, reason: string, atMs: number) {
  return db
    .updateTable('reviews')
    .set({ hidden_at_ms: atMs, hidden_reason: reason, hidden_by_operator_id: operatorId })
    .where('id', '=', reviewId)
    .where('hidden_at_ms', 'is', null)
    .returning(reviewColumns)
    .executeTakeFirst()
}

/** Replaces a review's photos. */
export async function replacePhotos(db: Trx, reviewId: number, photos: Omit<Insertable<ReviewPhotosTable>, 'review_id'>[]) {
  await db.deleteFrom('review_photos').where('review_id', '=', reviewId).execute()
  if (photos.length > 0)
    await db
      .insertInto('review_photos')
      .values(photos.map((p) => ({ ...p, review_id: reviewId })))
      .execute()
}

/** Photos of reviews, in order. */
export function findPhotos(db: Trx, reviewIds: number[]) {
  if (reviewIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('review_photos')
    .select(['review_id', 'upload_id', 'width', 'height'])
    .where('review_id', 'in', reviewIds)
    .orderBy('review_id')
    .orderBy('position')
    .execute()
}

/** Which of the uploads are photos of a review other than `exceptReviewId`. */
export function findUsedUploads(db: Trx, uploadIds: number[], exceptReviewId: number | undefined) {
  if (uploadIds.length === 0) return Promise.resolve([])
  let q = db.selectFrom('review_photos').select('upload_id').where('upload_id', 'in', uploadIds)
  if (exceptReviewId !== undefined) q = q.where('review_id', '<>', exceptReviewId)
  return q.execute()
}

/** The review a photo belongs to, with whether it is hidden, or undefined. */
export function findPhotoReview(db: Trx, uploadId: number) {
  return db
    .selectFrom('review_photos as p')
    .innerJoin('reviews as r', 'r.id', 'p.review_id')
    .select(['r.id', 'r.hidden_at_ms'])
    .where('p.upload_id', '=', uploadId)
    .executeTakeFirst()
}

/**
 * A page of a listing's visible reviews, newest first (keyset by id), filtered by photos or
 * by star value; reads `limit + 1`.
 */
export function findListingReviewPage(db: Trx, listingId: number, filter: ReviewFilter, beforeId: number | undefined, limit: number) {
  let q = db.selectFrom('reviews').select(reviewColumns).where('listing_id', '=', listingId).where('hidden_at_ms', 'is', null)
  if (filter === 'photos') q = q.where('photo_count', '>', 0)
  else if (filter !== 'all') q = q.where('rating', '=', Number(filter))
  if (beforeId !== undefined) q = q.where('id', '<', beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** Whose reviews a list reads: a buyer's, a shop's, or all (operators), optionally of one order or by hidden state. */
export type ReviewScope = { userId: number } | { shopId: number } | { all: true }

/** A page of reviews in a scope, hidden ones included, newest first; reads `limit + 1`. */
export function findReviewPage(
  db: Trx,
  scope: ReviewScope,
  filter: { orderId?: number; hidden?: boolean },
  beforeId: number | undefined,
  limit: number,
) {
  let q = db.selectFrom('reviews').select(reviewColumns)
  if ('userId' in scope) q = q.where('user_id', '=', scope.userId)
  else if ('shopId' in scope) q = q.where('shop_id', '=', scope.shopId)
  if (filter.orderId !== undefined) q = q.where('order_id', '=', filter.orderId)
  if (filter.hidden !== undefined) q = q.where('hidden_at_ms', filter.hidden ? 'is not' : 'is', null)
  if (beforeId !== undefined) q = q.where('id', '<', beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** A change to a listing's summary: review count, star sum, one count per star value, with photos. */
export interface SummaryDelta {
  count: number
  ratingSum: number
  stars: Record<1 | 2 | 3 | 4 | 5, number>
  withPhotos: number
}

/** Adds a delta to a listing's summary row (created at zero on first use), in the caller's transaction. */
export async function addToSummary(db: Trx, listingId: number, d: SummaryDelta) {
  await db
    .insertInto('review_summaries')
    .values({ listing_id: listingId })
    .onConflict((oc) => oc.column('listing_id').doNothing())
    .execute()
  await db
    .updateTable('review_summaries')
    .set((eb) => ({
      review_count: eb('review_count', '+', d.count),
      rating_sum: eb('rating_sum', '+', d.ratingSum),
      stars_1: eb('stars_1', '+', d.stars[1]),
      stars_2: eb('stars_2', '+', d.stars[2]),
      stars_3: eb('stars_3', '+', d.stars[3]),
      stars_4: eb('stars_4', '+', d.stars[4]),
      stars_5: eb('stars_5', '+', d.stars[5]),
      with_photos: eb('with_photos', '+', d.withPhotos),
    }))
    .where('listing_id', '=', listingId)
    .execute()
}

const summaryColumns = [
  'listing_id',
  'review_count',
  'rating_sum',
  'stars_1',
  'stars_2',
  'stars_3',
  'stars_4',
  'stars_5',
  'with_photos',
] as const

const summariesOf = preparedStatement((db, p: { listingIds: readonly number[] }) =>
  db.selectFrom('review_summaries').select(summaryColumns).where('listing_id', 'in', p.listingIds),
)

/** Summary rows of listings (listings without a review have none); compiled once per number of listings. */
export async function findSummaries(db: Trx, listingIds: number[]) {
  if (listingIds.length === 0) return []
  return (await summariesOf(db, { listingIds })).rows
}

/** The summaries recomputed from the visible reviews themselves (the check that the stored ones are right). */
export function recomputeSummaries(db: Trx) {
  return db
    .selectFrom('reviews')
    .select((eb) => [
      'listing_id',
      eb.fn.countAll<number>().as('review_count'),
      eb.fn.sum<number>('rating').as('rating_sum'),
      ...([1, 2, 3, 4, 5] as const).map((n) =>
        eb.fn.sum<number>(eb.case().when('rating', '=', n).then(1).else(0).end()).as(`stars_${n}` as const),
      ),
      eb.fn.sum<number>(eb.case().when('photo_count', '>', 0).then(1).else(0).end()).as('with_photos'),
    ])
    .where('hidden_at_ms', 'is', null)
    .groupBy('listing_id')
    .execute()
}

/** Every stored summary row. */
export function findAllSummaries(db: Trx) {
  return db.selectFrom('review_summaries').select(summaryColumns).orderBy('listing_id').execute()
}
