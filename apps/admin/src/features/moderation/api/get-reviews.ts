import type { ReviewRecord } from '@bazaar/contract/review'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

export type ReviewStatus = 'all' | 'visible' | 'hidden'

/** GET /api/admin/reviews?status&cursor&limit: buyers' reviews, newest first. */
export function getReviews(status: ReviewStatus, cursor: string | undefined, signal?: AbortSignal): Promise<Page<ReviewRecord>> {
  return apiGet<Page<ReviewRecord>>('/admin/reviews', { status, cursor, limit: pageSize }, signal)
}

export const reviewsQuery = (status: ReviewStatus) =>
  pagedQuery(['moderation', 'reviews', { status }] as const, (cursor, signal) => getReviews(status, cursor, signal))

export function useReviews(status: ReviewStatus) {
  return useInfiniteQuery(reviewsQuery(status))
}
