import type { OperatorDeposit } from '@bazaar/contract/chain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** The operators' lists of chain deposits. */
export type DepositListName = 'below_minimum' | 'reorged' | 'matched' | 'pending'

/** GET /api/admin/chain/deposits?list=…: deposits below minimum, reorged after credit, matched to a recharge, or pending. */
export function getChainDeposits(list: DepositListName, signal?: AbortSignal): Promise<{ items: OperatorDeposit[] }> {
  return apiGet<{ items: OperatorDeposit[] }>('/admin/chain/deposits', { list, limit: 100 }, signal)
}

export const chainDepositsQuery = (list: DepositListName) =>
  queryOptions({
    queryKey: ['reconciliation', 'deposits', { list }] as const,
    queryFn: ({ signal }) => getChainDeposits(list, signal),
    select: (data) => data.items,
  })

export function useChainDeposits(list: DepositListName) {
  return useQuery(chainDepositsQuery(list))
}
