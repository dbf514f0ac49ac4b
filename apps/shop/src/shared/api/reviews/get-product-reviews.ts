import type { ReviewPage } from '@bazaar/contract/review'
import type { ReviewFilter } from '@bazaar/contract/review-values'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** The parent key of a product's reviews; writing or editing a review invalidates it. */
export const productReviewsKey = (listingId: number) => ['reviews', 'product', listingId] as const

/** GET /api/products/:id/reviews?filter&cursor&limit: visible reviews, newest first. */
export function getProductReviews(
  listingId: number,
  query: { filter: ReviewFilter; cursor?: string; limit: number },
  signal?: AbortSignal,
): Promise<ReviewPage> {
  return apiGet<ReviewPage>(`/products/${listingId}/reviews`, query, signal)
}

/** The newest few reviews (the product page's section). */
export const latestReviewsQuery = (listingId: number, limit: number) =>
  queryOptions({
    queryKey: [...productReviewsKey(listingId), 'latest', limit] as const,
    queryFn: ({ signal }) => getProductReviews(listingId, { filter: 'all', limit }, signal),
    enabled: listingId > 0,
  })

export function useLatestReviews(listingId: number, limit: number) {
  return useQuery(latestReviewsQuery(listingId, limit))
}

/** Every review of a filter page by page (the full list, SPEC §2 comment_list). */
export const productReviewsQuery = (listingId: number, filter: ReviewFilter) =>
  infiniteQueryOptions({
    queryKey: [...productReviewsKey(listingId), 'list', filter] as const,
    queryFn: ({ pageParam, signal }) => getProductReviews(listingId, { filter, cursor: pageParam, limit: 10 }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: listingId > 0,
  })

export function useProductReviews(listingId: number, filter: ReviewFilter) {
  return useInfiniteQuery(productReviewsQuery(listingId, filter))
}
