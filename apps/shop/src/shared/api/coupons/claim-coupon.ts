import type { CouponItem } from '@bazaar/contract/coupon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../client'
import { couponsKey } from './keys'

/**
 * POST /api/coupons/:id/claim: one more of a coupon, within its stock and my limit.
 * @throws 'Coupon not found' | 'Coupon not started' | 'Coupon has ended' | 'Coupons all claimed' | 'Coupon claim limit reached' | 'no my shop'
 */
export function claimCoupon(couponId: number): Promise<CouponItem> {
  return apiPost<CouponItem>(`/coupons/${couponId}/claim`)
}

/** Claims a coupon; offers, tabs and counts refetch after (a failure's key is the client's toast). */
export function useClaimCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: claimCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  })
}
