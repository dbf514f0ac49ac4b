import type { Order } from '@bazaar/contract/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { ordersKey } from './keys'

/** GET /api/orders/:id: one of the buyer's orders with lines, refunds and logistics. */
export function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/orders/${id}`, {}, signal)
}

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: [...ordersKey, 'detail', id] as const, queryFn: ({ signal }) => getOrder(id, signal), staleTime: 0 })

export function useOrder(id: number) {
  return useQuery({ ...orderQuery(id), enabled: id > 0 })
}
