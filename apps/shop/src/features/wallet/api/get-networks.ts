import type { Network } from '@bazaar/contract/wallet'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/wallet/networks: deposit address ('' = recharge closed), withdrawal fee, minimum, limit. */
export function getNetworks(signal?: AbortSignal): Promise<Network[]> {
  return apiGet<{ items: Network[] }>('/wallet/networks', {}, signal).then((reply) => reply.items)
}

export const networksQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'networks'] as const,
    queryFn: ({ signal }) => getNetworks(signal),
    staleTime: 60_000,
  })

export function useNetworks() {
  return useQuery(networksQuery())
}
