import type { FlaggedPayout } from '@bazaar/contract/chain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/admin/chain/payouts: approved payouts the chain did not confirm, newest first. */
export function getFlaggedPayouts(signal?: AbortSignal): Promise<{ items: FlaggedPayout[] }> {
  return apiGet<{ items: FlaggedPayout[] }>('/admin/chain/payouts', {}, signal)
}

export const flaggedPayoutsQuery = () =>
  queryOptions({
    queryKey: ['reconciliation', 'payouts'] as const,
    queryFn: ({ signal }) => getFlaggedPayouts(signal),
    select: (d) => d.items,
  })

export function useFlaggedPayouts() {
  return useQuery(flaggedPayoutsQuery())
}
