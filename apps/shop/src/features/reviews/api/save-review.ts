import type { ReviewRecord } from '@bazaar/contract/review'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost, apiPut } from '../../../shared/api/client'
import { productReviewsKey } from '../../../shared/api/reviews/get-product-reviews'
import { myReviewsKey } from './keys'

export type ReviewInput = { rating: number; comment: string; photoUploadIds: number[] }

/**
 * POST /api/reviews (a new review of a line) or PUT /api/reviews/:id (the one edit).
 * @throws 'Already reviewed' | 'Review period over' | 'Refunded goods cannot be reviewed' |
 *   'Review already edited' | 'Review edit period over' | 'Review is hidden' | 'Invalid photo' | 'Review too long'
 */
export function saveReview(target: { lineId: number } | { reviewId: number }, input: ReviewInput): Promise<ReviewRecord> {
  return 'lineId' in target
    ? apiPost<ReviewRecord>('/reviews', { lineId: target.lineId, ...input })
    : apiPut<ReviewRecord>(`/reviews/${target.reviewId}`, input)
}

/** Saves a review; my reviews, the order (its 'to review' state and counts) and the product's reviews and figures refetch. */
export function useSaveReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ target, input }: { target: { lineId: number } | { reviewId: number }; input: ReviewInput }) => saveReview(target, input),
    onSuccess: (review) => {
      void queryClient.invalidateQueries({ queryKey: productReviewsKey(review.listingId) })
      void queryClient.invalidateQueries({ queryKey: ['catalog'] })
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myReviewsKey })
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
    },
  })
}
