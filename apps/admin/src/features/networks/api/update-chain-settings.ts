import type { ChainSettings, ChainSettingsBody } from '@bazaar/contract/chain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * PUT /api/admin/networks/:code/chain (audit-logged). Sent quietly: the form shows a refusal
 * beside the field it names.
 * @throws 'Invalid extended public key' (fields.xpub) | 'Invalid address' (fields.tokenAddress, payoutAddresses, coldAddresses) | 'Invalid parameters' | 'Route not found'
 */
export function updateChainSettings(code: string, body: ChainSettingsBody): Promise<ChainSettings> {
  return apiSend<ChainSettings>('PUT', `/admin/networks/${encodeURIComponent(code)}/chain`, body, { quiet: true })
}

export function useUpdateChainSettings() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: ChainSettingsBody }) => updateChainSettings(code, body),
    onSuccess: (settings) => toastSuccess(t('networks.chain.saved', { code: settings.networkCode })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['networks'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
