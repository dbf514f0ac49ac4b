import type { CouponBody, IssuedCoupon } from '@bazaar/contract/coupon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { shopCouponsKey } from './get-shop-coupons'

/**
 * POST /api/shop/coupons: issue a coupon of my shop (the shop pays its discounts).
 * @throws 'Coupon value incorrect' | 'Coupon period incorrect' | 'Invalid parameters' | 'Shop is locked'
 */
export function createShopCoupon(body: CouponBody): Promise<IssuedCoupon> {
  return apiPost<IssuedCoupon>('/shop/coupons', body)
}

export function useCreateShopCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createShopCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCouponsKey }),
  })
}
