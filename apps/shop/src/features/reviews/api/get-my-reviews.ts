import type { ReviewRecordPage } from '@bazaar/contract/review'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { myReviewsKey } from './keys'

/** GET /api/reviews/mine?orderId&cursor&limit: my reviews (hidden ones with the reason), newest first. */
export function getMyReviews(query: { orderId?: number; cursor?: string; limit: number }, signal?: AbortSignal): Promise<ReviewRecordPage> {
  return apiGet<ReviewRecordPage>('/reviews/mine', query, signal)
}

/** The reviews of one order (at most one per line, so one page of 100 holds them). */
export const orderReviewsQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...myReviewsKey, 'order', orderId] as const,
    queryFn: ({ signal }) => getMyReviews({ orderId, limit: 100 }, signal),
    staleTime: 0,
  })

export function useOrderReviews(orderId: number) {
  return useQuery({ ...orderReviewsQuery(orderId), enabled: orderId > 0 })
}

/** All my reviews page by page (SPEC §2 comment_list without a product). */
export const myReviewsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...myReviewsKey, 'list'] as const,
    queryFn: ({ pageParam, signal }) => getMyReviews({ cursor: pageParam, limit: 20 }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  })

export function useMyReviews(enabled: boolean) {
  return useInfiniteQuery({ ...myReviewsQuery(), enabled })
}
