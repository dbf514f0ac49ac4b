import type { IssuedCoupon } from '@bazaar/contract/coupon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { shopCouponsKey } from './get-shop-coupons'

/**
 * POST /api/shop/coupons/:id/end: claims stop; coupons already held stay good until their end.
 * @throws 'Coupon not found' | 'Coupon has ended'
 */
export function endShopCoupon(couponId: number): Promise<IssuedCoupon> {
  return apiPost<IssuedCoupon>(`/shop/coupons/${couponId}/end`)
}

export function useEndShopCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endShopCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopCouponsKey }),
  })
}
