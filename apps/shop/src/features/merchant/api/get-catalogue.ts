import type { CataloguePage } from '@bazaar/contract/merchant-listings'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiGet } from '../../../shared/api/client'
import { merchantKey } from './keys'

type Page = z.infer<typeof CataloguePage>
export type CatalogueFilter = { categoryId?: number; keywords?: string }

/**
 * GET /api/shop/catalogue?categoryId&keywords&cursor: the platform catalogue priced at the
 * shop's ratio, 20 a page.
 * @throws 'Please enter key words' | 'Category not found'
 */
export function getCatalogue(filter: CatalogueFilter, cursor: string | undefined, signal?: AbortSignal): Promise<Page> {
  return apiGet<Page>('/shop/catalogue', { ...filter, cursor }, signal)
}

export const catalogueQuery = (filter: CatalogueFilter) =>
  infiniteQueryOptions({
    queryKey: [...merchantKey, 'catalogue', filter] as const,
    queryFn: ({ pageParam, signal }) => getCatalogue(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Another category keeps the list on screen until its first page comes (no jump).
    placeholderData: keepPreviousData,
  })

export function useCatalogue(filter: CatalogueFilter) {
  return useInfiniteQuery(catalogueQuery(filter))
}
