import type { ListingPage } from '@bazaar/contract/catalog'
import { defaultPageSize, type ProductSort } from '@bazaar/contract/catalog-values'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** Filters of the product list (SPEC §2 product list); prices in integer cents. */
export type ProductFilters = {
  categoryId?: number
  shopId?: number
  keywords?: string
  minPriceCents?: number
  maxPriceCents?: number
  sort: ProductSort
}

/** GET /api/products: one page of listing cards; `nextCursor` null on the last page. */
export function getProducts(filters: ProductFilters, cursor: string | undefined, signal?: AbortSignal): Promise<ListingPage> {
  return apiGet<ListingPage>('/products', { ...filters, cursor, limit: defaultPageSize }, signal)
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
