import type { WithdrawalAddress } from '@bazaar/contract/wallet'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/wallet/addresses: the saved withdrawal addresses. */
export function getAddresses(signal?: AbortSignal): Promise<WithdrawalAddress[]> {
  return apiGet<{ items: WithdrawalAddress[] }>('/wallet/addresses', {}, signal).then((reply) => reply.items)
}

export const addressesQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'addresses'] as const,
    queryFn: ({ signal }) => getAddresses(signal),
  })

export function useAddresses() {
  return useQuery(addressesQuery())
}
