import type { OrderPage } from '@bazaar/contract/orders'
import type { OrderTab } from '@bazaar/contract/orders-values'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { shopOrdersKey } from './keys'

/**
 * GET /api/shop/orders?tab&cursor: the merchant's orders. Quiet: 'Not allowed' means the
 * person has no shop, which the page explains instead of a toast.
 * @throws 'Not allowed'
 */
export function getShopOrders(tab: OrderTab, cursor: string | undefined, signal?: AbortSignal): Promise<OrderPage> {
  return apiGet<OrderPage>('/shop/orders', { tab, cursor }, signal, { quiet: true })
}

export const shopOrdersQuery = (tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: [...shopOrdersKey, 'list', { tab }] as const,
    queryFn: ({ pageParam, signal }) => getShopOrders(tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  })

export function useShopOrders(tab: OrderTab) {
  return useInfiniteQuery(shopOrdersQuery(tab))
}
