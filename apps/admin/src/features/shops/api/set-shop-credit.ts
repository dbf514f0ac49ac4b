import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/shops/:id/credit {creditScore}: 0 to 100 (contract `creditRules`); below
 * the low-credit line the shop cannot list goods above the price cap. Audited with before and after.
 * @throws 'Shop not found'
 */
export function setShopCredit(id: number, creditScore: number): Promise<null> {
  return apiSend<null>('POST', `/admin/shops/${id}/credit`, { creditScore })
}

export function useSetShopCredit() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, creditScore }: { id: number; creditScore: number; name: string }) => setShopCredit(id, creditScore),
    onSuccess: (_data, { creditScore, name }) => toastSuccess(t('shops.creditDone', { name, score: creditScore })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['shops'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
