import type { ProductDetail } from '@bazaar/contract/catalog'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** GET /api/products/:id, where id is the listing id (SPEC §2 goods detail). */
export function getProduct(listingId: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet<ProductDetail>(`/products/${listingId}`, {}, signal)
}

/** Query options of one product detail (key `catalog/products/detail/<id>`), shared by the goods page and the device cart. */
export const productQuery = (listingId: number) =>
  queryOptions({
    queryKey: ['catalog', 'products', 'detail', listingId] as const,
    queryFn: ({ signal }) => getProduct(listingId, signal),
  })

/** A product detail; off while `listingId` is 0 (no valid id in the URL). */
export function useProduct(listingId: number) {
  return useQuery({ ...productQuery(listingId), enabled: listingId > 0 })
}
