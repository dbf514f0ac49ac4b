import type { CollectionCounts } from '@bazaar/contract/member'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { favouritesKey } from '../../../shared/api/favourites/get-favourites'

/**
 * GET /api/favourites/counts: favourite goods, followed shops and history entries (SPEC §3
 * dynamic counts). Under favourites, so saving or following anywhere refreshes it; read again
 * whenever the member page opens (a product viewed meanwhile is in the history).
 */
export function getCollectionCounts(signal?: AbortSignal): Promise<CollectionCounts> {
  return apiGet<CollectionCounts>('/favourites/counts', {}, signal)
}

export const collectionCountsQuery = () =>
  queryOptions({ queryKey: [...favouritesKey, 'counts'] as const, queryFn: ({ signal }) => getCollectionCounts(signal), staleTime: 0 })

export function useCollectionCounts(enabled: boolean) {
  return useQuery({ ...collectionCountsQuery(), enabled })
}
