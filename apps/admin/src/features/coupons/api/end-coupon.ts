import type { IssuedCoupon } from '@bazaar/contract/coupon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'
import { couponsKey } from './get-coupons'

/**
 * POST /api/admin/coupons/:id/end: claims stop at once; coupons buyers hold stay good until the
 * end of their window (audit-logged).
 * @throws 'Coupon not found' | 'Coupon has ended'
 */
export function endCoupon(couponId: number): Promise<IssuedCoupon> {
  return apiSend<IssuedCoupon>('POST', `/admin/coupons/${couponId}/end`)
}

export function useEndCoupon() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endCoupon,
    onSuccess: (coupon) => toastSuccess(t('coupons.ended', { title: coupon.title })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: couponsKey }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
