import type { OrderRules } from '@bazaar/contract/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * PUT /api/admin/settings/orders: all five order time rules at once, in milliseconds within
 * contract `orderRuleBounds`; audited with before and after.
 * @throws 'Invalid parameters' (a value out of its range)
 */
export function changeOrderRules(rules: OrderRules): Promise<OrderRules> {
  return apiSend<OrderRules>('PUT', '/admin/settings/orders', rules)
}

export function useChangeOrderRules() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeOrderRules,
    onSuccess: (saved) => {
      queryClient.setQueryData(['settings', 'orderRules'], saved)
      toastSuccess(t('orderRules.saved'))
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['settings'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
