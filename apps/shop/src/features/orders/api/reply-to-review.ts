import type { ReviewRecord } from '@bazaar/contract/review'
import { apiPost } from '../../../shared/api/client'
import { useShopOrderMutation } from './shop-order-mutation'

/** POST /api/shop/reviews/:id/reply: the shop's one reply. @throws 'Already replied' | 'Review is hidden' | 'Review not found' */
export function replyToReview({ reviewId, text }: { reviewId: number; text: string }): Promise<ReviewRecord> {
  return apiPost<ReviewRecord>(`/shop/reviews/${reviewId}/reply`, { text })
}

export function useReplyToReview() {
  return useShopOrderMutation(replyToReview)
}
