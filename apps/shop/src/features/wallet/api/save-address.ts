import type { WithdrawalAddress, WithdrawalAddressBody } from '@bazaar/contract/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** POST /api/wallet/addresses (format and checksum checked). @throws 'Invalid address' | 'select withdrawal network' */
export function saveAddress(body: WithdrawalAddressBody): Promise<WithdrawalAddress> {
  return apiPost<WithdrawalAddress>('/wallet/addresses', body)
}

export function useSaveAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
  })
}
