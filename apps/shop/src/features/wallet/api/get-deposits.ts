import type { ChainDeposit } from '@bazaar/contract/chain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/wallet/deposits?networkCode=…: the user's newest deposits seen on chain, with their confirmations. */
export function getDeposits(networkCode: string, signal?: AbortSignal): Promise<ChainDeposit[]> {
  return apiGet<{ items: ChainDeposit[] }>('/wallet/deposits', { networkCode, limit: 10 }, signal).then((reply) => reply.items)
}

export const depositsQuery = (networkCode: string) =>
  queryOptions({ queryKey: ['wallet', 'deposits', networkCode] as const, queryFn: ({ signal }) => getDeposits(networkCode, signal) })

export function useDeposits(networkCode: string) {
  return useQuery(depositsQuery(networkCode))
}
