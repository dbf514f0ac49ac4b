import { ApiError } from '@bazaar/contract/api-error'
import type { CatalogueItem } from '@bazaar/contract/merchant-listings'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { merchantKey } from './keys'

/**
 * GET /api/shop/catalogue/:id: one catalogue product priced at the shop's ratio, with the
 * shop's listing of it if any. Quiet: the page says 'Product not found' its own way.
 * @throws 'Product not found'
 */
export function getCatalogueItem(productId: number, signal?: AbortSignal): Promise<CatalogueItem> {
  return apiGet<CatalogueItem>(`/shop/catalogue/${productId}`, {}, signal, { quiet: true })
}

/** True for the answer that asking again will not change. */
export const isProductGone = (error: unknown) => error instanceof ApiError && error.key === 'Product not found'

export const catalogueItemQuery = (productId: number) =>
  queryOptions({
    queryKey: [...merchantKey, 'catalogue-item', productId] as const,
    queryFn: ({ signal }) => getCatalogueItem(productId, signal),
    staleTime: 30_000,
    retry: (failures, error) => !isProductGone(error) && failures < 2,
  })

/**
 * One catalogue product for goods_add_detail; `seed` (the item the catalogue list already
 * holds) shows at once, and a fresh load of the link asks the server. Off while `productId` is 0.
 */
export function useCatalogueItem(productId: number, seed: CatalogueItem | undefined) {
  return useQuery({ ...catalogueItemQuery(productId), enabled: productId > 0, initialData: seed })
}
