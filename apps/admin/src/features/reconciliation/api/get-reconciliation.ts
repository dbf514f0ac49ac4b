import type { Reconciliation } from '@bazaar/contract/chain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/**
 * GET /api/admin/chain/reconciliation: flows per network, and what the platform owes against
 * what it holds on chain (read from the nodes at each call: a few seconds with many addresses).
 */
export function getReconciliation(signal?: AbortSignal): Promise<Reconciliation> {
  return apiGet<Reconciliation>('/admin/chain/reconciliation', {}, signal)
}

export const reconciliationQuery = () =>
  queryOptions({ queryKey: ['reconciliation', 'report'] as const, queryFn: ({ signal }) => getReconciliation(signal), staleTime: 30_000 })

export function useReconciliation() {
  return useQuery(reconciliationQuery())
}
