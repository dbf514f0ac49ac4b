import type { Network } from '@bazaar/contract/wallet'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/admin/networks: every USDT network with its deposit address, fee and limits (cents). */
export function getNetworks(signal?: AbortSignal): Promise<{ items: Network[] }> {
  return apiGet<{ items: Network[] }>('/admin/networks', {}, signal)
}

export const networksQuery = () =>
  queryOptions({ queryKey: ['networks', 'list'] as const, queryFn: ({ signal }) => getNetworks(signal), select: (data) => data.items })

export function useNetworks() {
  return useQuery(networksQuery())
}
