import type { AdminReviewQuery, MyReviewQuery, ReviewListQuery, ReviewPage, ReviewRecordPage } from '@bazaar/contract/review'
import type { ReviewFilter } from '@bazaar/contract/review-values'
import type { Db } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { assertListingExists } from '../catalog/inventory-service.ts'
import { toRecords, toReviews } from './records.ts'
import * as repo from './repo.ts'

const cursorName = (filter: ReviewFilter) => `reviews:${filter}`

/**
 * A product's visible reviews (SPEC §2 comment_list), newest first, cursor-paginated, all or
 * only those with photos or of one star value.
 * @throws 'Product not found' | 'Invalid cursor'
 */
export async function listingReviews(db: Db, listingId: number, query: ReviewListQuery): Promise<ReviewPage> {
  await assertListingExists(db.kysely, listingId)
  const beforeId = query.cursor ? decodeCursor(query.cursor, cursorName(query.filter)).id : undefined
  const rows = await repo.findListingReviewPage(db.kysely, listingId, query.filter, beforeId, query.limit)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: await toReviews(db.kysely, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: cursorName(query.filter), value: 0, id: last.id }) : null,
  }
}

/**
 * Reviews of a scope (the buyer's own, a shop's, or all for operators), hidden ones included
 * with their reason, newest first.
 * @throws 'Invalid cursor'
 */
export async function reviewRecords(
  db: Db,
  scope: repo.ReviewScope,
  query: { orderId?: number; hidden?: boolean; cursor?: string; limit: number },
): Promise<ReviewRecordPage> {
  const beforeId = query.cursor ? decodeCursor(query.cursor, 'review-records').id : undefined
  const rows = await repo.findReviewPage(db.kysely, scope, { orderId: query.orderId, hidden: query.hidden }, beforeId, query.limit)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: await toRecords(db.kysely, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: 'review-records', value: 0, id: last.id }) : null,
  }
}

/** The buyer's own reviews (SPEC §2 comment_list), or those of one of their orders. */
export function myReviews(db: Db, userId: number, query: MyReviewQuery): Promise<ReviewRecordPage> {
  return reviewRecords(db, { userId }, query)
}

/** The operators' review list: all, visible or hidden. */
export function adminReviews(db: Db, query: AdminReviewQuery): Promise<ReviewRecordPage> {
  const hidden = query.status === 'all' ? undefined : query.status === 'hidden'
  return reviewRecords(db, { all: true }, { hidden, cursor: query.cursor, limit: query.limit })
}
