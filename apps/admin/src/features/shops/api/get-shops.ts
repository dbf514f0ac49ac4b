import type { AdminShop } from '@bazaar/contract/merchant-console'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** GET /api/admin/shops?q&cursor&limit: shops by id with owner, level, credit, lock and bond; `q` matches the name. */
export function getShops(q: string, cursor: string | undefined, signal?: AbortSignal): Promise<Page<AdminShop>> {
  return apiGet<Page<AdminShop>>('/admin/shops', { q, cursor, limit: pageSize }, signal)
}

export const shopsQuery = (q: string) => pagedQuery(['shops', 'list', { q }] as const, (cursor, signal) => getShops(q, cursor, signal))

export function useShops(q: string) {
  return useInfiniteQuery(shopsQuery(q))
}
