import type { Order } from '@bazaar/contract/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/**
 * GET /api/orders/:id for the review page. Same key as the orders feature's order detail
 * (['orders', 'detail', id]), so both share one cache entry and every order change refreshes it.
 */
export function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/orders/${id}`, {}, signal)
}

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: ['orders', 'detail', id] as const, queryFn: ({ signal }) => getOrder(id, signal), staleTime: 0 })

export function useOrder(id: number) {
  return useQuery({ ...orderQuery(id), enabled: id > 0 })
}
