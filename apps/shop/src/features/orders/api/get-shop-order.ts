import type { Order } from '@bazaar/contract/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { shopOrdersKey } from './keys'

/** GET /api/shop/orders/:id: one of the merchant's orders. @throws 'Not allowed' | 'Order not found' */
export function getShopOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/shop/orders/${id}`, {}, signal)
}

export const shopOrderQuery = (id: number) =>
  queryOptions({ queryKey: [...shopOrdersKey, 'detail', id] as const, queryFn: ({ signal }) => getShopOrder(id, signal), staleTime: 0 })

export function useShopOrder(id: number) {
  return useQuery({ ...shopOrderQuery(id), enabled: id > 0 })
}
