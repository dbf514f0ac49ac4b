import type { ChainRules } from '@bazaar/contract/chain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/wallet/chain-networks: which networks the chain credits deposits on, after how many confirmations, from what minimum. */
export function getChainNetworks(signal?: AbortSignal): Promise<ChainRules[]> {
  return apiGet<{ items: ChainRules[] }>('/wallet/chain-networks', {}, signal).then((reply) => reply.items)
}

export const chainNetworksQuery = () =>
  queryOptions({ queryKey: ['wallet', 'chain-networks'] as const, queryFn: ({ signal }) => getChainNetworks(signal), staleTime: 60_000 })

export function useChainNetworks() {
  return useQuery(chainNetworksQuery())
}
