import type { SkuPrice } from '@bazaar/contract/merchant-console'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** GET /api/admin/catalogue/skus?q&cursor&limit: catalogue SKUs by id with retail and purchase prices; `q` matches the code or the title. */
export function getSkuPrices(q: string, cursor: string | undefined, signal?: AbortSignal): Promise<Page<SkuPrice>> {
  return apiGet<Page<SkuPrice>>('/admin/catalogue/skus', { q, cursor, limit: pageSize }, signal)
}

export const skuPricesQuery = (q: string) =>
  pagedQuery(['catalogue', 'skus', { q }] as const, (cursor, signal) => getSkuPrices(q, cursor, signal))

export function useSkuPrices(q: string) {
  return useInfiniteQuery(skuPricesQuery(q))
}
