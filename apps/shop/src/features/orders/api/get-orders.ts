import type { OrderPage } from '@bazaar/contract/orders'
import type { OrderTab } from '@bazaar/contract/orders-values'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { ordersKey } from './keys'

/** GET /api/orders?tab&cursor: the buyer's orders of a tab, newest first, 10 a page. */
export function getOrders(tab: OrderTab, cursor: string | undefined, signal?: AbortSignal): Promise<OrderPage> {
  return apiGet<OrderPage>('/orders', { tab, cursor }, signal)
}

export const ordersQuery = (tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: [...ordersKey, 'list', { tab }] as const,
    queryFn: ({ pageParam, signal }) => getOrders(tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  })

export function useOrders(tab: OrderTab) {
  return useInfiniteQuery(ordersQuery(tab))
}
