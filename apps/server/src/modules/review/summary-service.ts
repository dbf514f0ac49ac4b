import type { ReviewSummary } from '@bazaar/contract/review'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'

/**
 * Review figures for other modules (the catalog's cards and product page, the media routes):
 * read-only, each function takes the caller's `db` or `trx`. Only visible reviews count.
 */

type SummaryRow = Awaited<ReturnType<typeof repo.findSummaries>>[number]

/** The mean of the stars to one decimal (4.25 → 4.3), null without reviews. */
export function averageOf(count: number, ratingSum: number): number | null {
  return count === 0 ? null : Math.round((ratingSum * 10) / count) / 10
}

function toSummary(row: SummaryRow | undefined): ReviewSummary {
  const n = (v: number | undefined) => Number(v ?? 0)
  return {
    average: averageOf(n(row?.review_count), n(row?.rating_sum)),
    count: n(row?.review_count),
    byStars: { 1: n(row?.stars_1), 2: n(row?.stars_2), 3: n(row?.stars_3), 4: n(row?.stars_4), 5: n(row?.stars_5) },
    withPhotos: n(row?.with_photos),
  }
}

/** A listing's review summary (SPEC §3 review stars): average, count, counts by star, with photos. */
export async function reviewSummary(trx: Trx, listingId: number): Promise<ReviewSummary> {
  const [row] = await repo.findSummaries(trx, [listingId])
  return toSummary(row)
}

/** Average and count of listings' reviews, for product cards (one statement for a page of cards). */
export async function reviewFigures(trx: Trx, listingIds: number[]): Promise<Map<number, { average: number | null; count: number }>> {
  const rows = await repo.findSummaries(trx, [...new Set(listingIds)])
  return new Map(
    rows.map((r) => [r.listing_id, { average: averageOf(Number(r.review_count), Number(r.rating_sum)), count: Number(r.review_count) }]),
  )
}

/**
 * Whether an upload is the photo of a visible review: review photos are public only then
 * (the media routes serve them).
 * @throws 'Image not found' otherwise (not a review photo, or its review is hidden)
 */
export async function assertPublicReviewPhoto(trx: Trx, uploadId: number): Promise<void> {
  const row = await repo.findPhotoReview(trx, uploadId)
  if (!row || row.hidden_at_ms !== null) throw new AppError('Image not found')
}

/**
 * Stored summaries against the visible reviews recounted (test and operators' check): the
 * listings whose row disagrees.
 */
export async function summaryMismatches(trx: Trx): Promise<number[]> {
  const [stored, recomputed] = await Promise.all([repo.findAllSummaries(trx), repo.recomputeSummaries(trx)])
  const key = (r: Record<string, unknown>) =>
    ['review_count', 'rating_sum', 'stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5', 'with_photos']
      .map((k) => Number(r[k] ?? 0))
      .join()
  const zero = key({})
  const byListing = new Map(recomputed.map((r) => [r.listing_id, key(r)]))
  const listings = new Set([...stored.map((r) => r.listing_id), ...byListing.keys()])
  const storedBy = new Map(stored.map((r) => [r.listing_id, key(r)]))
  return [...listings].filter((id) => (storedBy.get(id) ?? zero) !== (byListing.get(id) ?? zero)).sort((a, b) => a - b)
}
