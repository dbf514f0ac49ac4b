import type { ReviewRecordPage } from '@bazaar/contract/review'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { shopOrdersKey } from './keys'

/** GET /api/shop/reviews?orderId: the buyer's reviews of one of the merchant's orders (one per line at most). */
export function getShopReviews(orderId: number, signal?: AbortSignal): Promise<ReviewRecordPage> {
  return apiGet<ReviewRecordPage>('/shop/reviews', { orderId, limit: 100 }, signal)
}

export const shopReviewsQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...shopOrdersKey, 'reviews', orderId] as const,
    queryFn: ({ signal }) => getShopReviews(orderId, signal),
    staleTime: 0,
  })

export function useShopReviews(orderId: number, enabled: boolean) {
  return useQuery({ ...shopReviewsQuery(orderId), enabled: enabled && orderId > 0 })
}
