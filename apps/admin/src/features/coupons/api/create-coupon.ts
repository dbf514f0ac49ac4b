import type { CouponBody, IssuedCoupon } from '@bazaar/contract/coupon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'
import { couponsKey } from './get-coupons'

/**
 * POST /api/admin/coupons: issues a platform coupon (marketing pays its discounts; audit-logged).
 * Sent quietly: the form shows a refusal beside the field it names.
 * @throws 'Coupon value incorrect' | 'Coupon period incorrect' | 'Invalid parameters'
 */
export function createCoupon(body: CouponBody): Promise<IssuedCoupon> {
  return apiSend<IssuedCoupon>('POST', '/admin/coupons', body, { quiet: true })
}

export function useCreateCoupon() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: (coupon) => toastSuccess(t('coupons.issued', { title: coupon.title })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: couponsKey }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
