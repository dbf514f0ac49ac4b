import type { DepositAddress } from '@bazaar/contract/chain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/**
 * POST /api/wallet/deposit-address: the user's own deposit address on a network. The server
 * gives it on the first ask and the same one after (a new one only after operators change the
 * network's key), so it is read like a query when recharge opens.
 * @throws 'Recharge closed on this network' | 'select a recharge method'
 */
export function getDepositAddress(networkCode: string): Promise<DepositAddress> {
  return apiPost<DepositAddress>('/wallet/deposit-address', { networkCode }, { quiet: true })
}

export const depositAddressQuery = (networkCode: string) =>
  queryOptions({
    queryKey: ['wallet', 'deposit-address', networkCode] as const,
    queryFn: () => getDepositAddress(networkCode),
    staleTime: Number.POSITIVE_INFINITY,
  })

export function useDepositAddress(networkCode: string) {
  return useQuery(depositAddressQuery(networkCode))
}
