import type { ShopPage } from '@bazaar/contract/catalog'
import { defaultPageSize } from '@bazaar/contract/catalog-values'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/shops: one page of shops (SPEC §2 listshop). */
export function getShops(cursor: string | undefined, signal?: AbortSignal): Promise<ShopPage> {
  return apiGet<ShopPage>('/shops', { cursor, limit: defaultPageSize }, signal)
}

export const shopsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'shops', 'list'] as const,
    queryFn: ({ pageParam, signal }) => getShops(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export function useShops() {
  return useInfiniteQuery(shopsQuery())
}
