import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * PUT /api/admin/catalogue/skus/:id/purchase-price {purchasePriceCents}: what merchants pay
 * per unit; every listing of the SKU is priced again at its shop's ratio. Audited with before and after.
 * @throws 'Product not found'
 */
export function setPurchasePrice(skuId: number, purchasePriceCents: number): Promise<null> {
  return apiSend<null>('PUT', `/admin/catalogue/skus/${skuId}/purchase-price`, { purchasePriceCents })
}

export function useSetPurchasePrice() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ skuId, purchasePriceCents }: { skuId: number; purchasePriceCents: number; code: string }) =>
      setPurchasePrice(skuId, purchasePriceCents),
    onSuccess: (_data, { code }) => toastSuccess(t('catalogue.savedDone', { code })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['catalogue'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
