import type { ChainSettings } from '@bazaar/contract/chain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/admin/networks/chain: each EVM network's chain settings with its watcher's state. */
export function getChainSettings(signal?: AbortSignal): Promise<{ items: ChainSettings[] }> {
  return apiGet<{ items: ChainSettings[] }>('/admin/networks/chain', {}, signal)
}

export const chainSettingsQuery = () =>
  queryOptions({
    queryKey: ['networks', 'chain'] as const,
    queryFn: ({ signal }) => getChainSettings(signal),
    select: (data) => data.items,
    // The watcher's head and state move every few seconds.
    refetchInterval: 15_000,
  })

export function useChainSettings() {
  return useQuery(chainSettingsQuery())
}
