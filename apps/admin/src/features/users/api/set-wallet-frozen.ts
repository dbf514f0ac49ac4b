import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/users/:id/freeze {frozen}: a frozen wallet refuses recharges, withdrawals and
 * payments ('Money Status is locked'); balances stay as they are.
 * @throws 'User not found'
 */
export function setWalletFrozen(id: number, frozen: boolean): Promise<null> {
  return apiSend<null>('POST', `/admin/users/${id}/freeze`, { frozen })
}

export function useSetWalletFrozen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, frozen }: { id: number; frozen: boolean; email: string }) => setWalletFrozen(id, frozen),
    onSuccess: (_data, { frozen, email }) => toastSuccess(t(frozen ? 'users.frozenDone' : 'users.thawedDone', { email })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
