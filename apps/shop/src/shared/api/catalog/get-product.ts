import type { ProductDetail } from '@bazaar/contract/catalog'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** GET /api/products/:id, where id is the listing id (SPEC §2 goods detail). */
export function getProduct(listingId: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet<ProductDetail>(`/products/${listingId}`, {}, signal)
}

export const productQuery = (listingId: number) =>
  queryOptions({
    queryKey: ['catalog', 'products', 'detail', listingId] as const,
    queryFn: ({ signal }) => getProduct(listingId, signal),
  })

export function useProduct(listingId: number) {
  return useQuery({ ...productQuery(listingId), enabled: listingId > 0 })
}
