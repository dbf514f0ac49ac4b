import type { ListingPage } from '@bazaar/contract/catalog'
import { type ProductFilters, productsRequest } from '@bazaar/contract/first-screen-values'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

export type { ProductFilters }

/**
 * GET /api/products: one page of listing cards; `nextCursor` null on the last page. The first
 * page is the request the server inlines into a list's HTML (contract first-screen-values).
 */
export function getProducts(filters: ProductFilters, cursor: string | undefined, signal?: AbortSignal): Promise<ListingPage> {
  const { path, params } = productsRequest(filters)
  return apiGet<ListingPage>(path, { ...params, cursor }, signal)
}

export const productsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'products', 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => getProducts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/**
 * While a new sort or price range loads, the current cards stay (dimmed by the feed) instead of
 * the grid emptying: no jump. Another category, shop or search never shows the old cards.
 */
export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery({
    ...productsQuery(filters),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[3]
      const sameScope =
        before?.categoryId === filters.categoryId && before?.shopId === filters.shopId && before?.keywords === filters.keywords
      return sameScope ? previous : undefined
    },
  })
}
