import type { OrderCounts } from '@bazaar/contract/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

export type Counts = typeof OrderCounts._output

/**
 * GET /api/orders/counts: the member page's order shortcuts. Under ['orders'], so whatever
 * changes orders (pay, cancel, confirm) and invalidates that key refreshes the counts too.
 */
export function getOrderCounts(signal?: AbortSignal): Promise<Counts> {
  return apiGet<Counts>('/orders/counts', {}, signal)
}

export const orderCountsQuery = () =>
  queryOptions({
    queryKey: ['orders', 'counts'] as const,
    queryFn: ({ signal }) => getOrderCounts(signal),
    staleTime: 15_000,
  })

export function useOrderCounts(enabled: boolean) {
  return useQuery({ ...orderCountsQuery(), enabled })
}
