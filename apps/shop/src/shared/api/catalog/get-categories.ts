import type { CategoryTree } from '@bazaar/contract/catalog'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** GET /api/categories: the two-level tree (SPEC §2 classify). */
export function getCategories(signal?: AbortSignal): Promise<CategoryTree> {
  return apiGet<CategoryTree>('/categories', {}, signal)
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'] as const,
    queryFn: ({ signal }) => getCategories(signal),
    // The tree changes only when operators edit the catalogue.
    staleTime: 10 * 60_000,
  })

export function useCategories() {
  return useQuery(categoriesQuery())
}
