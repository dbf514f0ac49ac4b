import type { FollowedShopPage } from '@bazaar/contract/member'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { favouritesKey } from '../../../shared/api/favourites/get-favourites'

/** GET /api/favourites/shops?cursor&limit: followed shops, newest follow first. */
export function getFollowedShops(cursor: string | undefined, signal?: AbortSignal): Promise<FollowedShopPage> {
  return apiGet<FollowedShopPage>('/favourites/shops', { cursor, limit: 20 }, signal)
}

/** Under favourites: a follow or unfollow anywhere refetches it. */
export const followedShopsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...favouritesKey, 'shops'] as const,
    queryFn: ({ pageParam, signal }) => getFollowedShops(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  })

export function useFollowedShops(enabled: boolean) {
  return useInfiniteQuery({ ...followedShopsQuery(), enabled })
}
