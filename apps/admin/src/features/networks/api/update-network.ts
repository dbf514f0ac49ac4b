import type { NetworkUpdateBody } from '@bazaar/contract/admin'
import type { Network } from '@bazaar/contract/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * PUT /api/admin/networks/:code. A deposit address must pass the network's checksum; an empty
 * one closes recharge on that network. Amounts in integer cents; min > fee, max ≥ min. Sent
 * quietly: the form shows a refusal beside the fields it names (`ApiError.fields`).
 * @throws 'Invalid address' (fields.depositAddress) | 'Invalid parameters' (with the fields) | 'Route not found'
 */
export function updateNetwork(code: string, body: NetworkUpdateBody): Promise<Network> {
  return apiSend<Network>('PUT', `/admin/networks/${encodeURIComponent(code)}`, body, { quiet: true })
}

export function useUpdateNetwork() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: NetworkUpdateBody }) => updateNetwork(code, body),
    onSuccess: (network) => toastSuccess(t('networks.saved', { name: network.name })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['networks'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
