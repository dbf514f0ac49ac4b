import type { ShopSummary } from '@bazaar/contract/catalog'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/shops/:id: a shop's public summary (SPEC §2 shop home). */
export function getShop(shopId: number, signal?: AbortSignal): Promise<ShopSummary> {
  return apiGet<ShopSummary>(`/shops/${shopId}`, {}, signal)
}

export const shopQuery = (shopId: number) =>
  queryOptions({
    queryKey: ['catalog', 'shops', 'detail', shopId] as const,
    queryFn: ({ signal }) => getShop(shopId, signal),
  })

export function useShop(shopId: number) {
  return useQuery({ ...shopQuery(shopId), enabled: shopId > 0 })
}
