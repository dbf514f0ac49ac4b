import type { OperatorDeposit } from '@bazaar/contract/chain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/chain/deposits/:id/credit: credits a below-minimum deposit by hand with a
 * reason (audit-logged); the refusal toasts its key.
 * @throws 'Deposit not found' | 'Deposit cannot be credited by hand' | 'Transaction hash already used'
 */
export function creditDeposit(id: number, reason: string): Promise<OperatorDeposit> {
  return apiSend<OperatorDeposit>('POST', `/admin/chain/deposits/${id}/credit`, { reason })
}

export function useCreditDeposit() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => creditDeposit(id, reason),
    onSuccess: (deposit) => toastSuccess(t('reconciliation.credited', { id: deposit.id })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reconciliation'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  })
}
