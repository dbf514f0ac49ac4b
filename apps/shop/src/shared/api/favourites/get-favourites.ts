import type { FavouritePage } from '@bazaar/contract/cart'
import { maxPageSize } from '@bazaar/contract/catalog-values'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** The parent key of favourites; adding or removing one invalidates it. */
export const favouritesKey = ['favourites'] as const

/** GET /api/favourites?cursor&limit: favourite goods, newest first. */
export function getFavourites(cursor: string | undefined, limit: number, signal?: AbortSignal): Promise<FavouritePage> {
  return apiGet<FavouritePage>('/favourites', { cursor, limit }, signal)
}

/** Infinite query options of favourite goods (key `favourites/list`), 20 a page. */
export const favouritesQuery = () =>
  infiniteQueryOptions({
    queryKey: [...favouritesKey, 'list'] as const,
    queryFn: ({ pageParam, signal }) => getFavourites(pageParam, 20, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  })

/** Favourite goods page by page (the collect page). */
export function useFavourites() {
  return useInfiniteQuery(favouritesQuery())
}

/**
 * The listing ids among the newest favourites (one page of `maxPageSize`, 100): enough for the goods page's heart (the
 * product detail does not say whether it is a favourite; older ones show unfilled until tapped).
 */
export const favouriteIdsQuery = () =>
  queryOptions({
    queryKey: [...favouritesKey, 'ids'] as const,
    queryFn: async ({ signal }) => new Set((await getFavourites(undefined, maxPageSize, signal)).items.map((f) => f.listingId)),
  })

/** The ids of the newest favourites as a Set; `enabled` false for visitors. */
export function useFavouriteIds(enabled: boolean) {
  return useQuery({ ...favouriteIdsQuery(), enabled })
}
