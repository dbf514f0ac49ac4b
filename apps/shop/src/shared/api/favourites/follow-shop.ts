import type { FollowState } from '@bazaar/contract/member'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiDelete, apiGet, apiPost } from '../client'
import { favouritesKey } from './get-favourites'

/** Key of one shop's follow state, under favourites (a follow or unfollow invalidates favourites). */
export const followStateKey = (shopId: number) => [...favouritesKey, 'shop', shopId] as const

/** GET /api/favourites/shops/:id: whether I follow the shop, and its followers. */
export function getFollowState(shopId: number, signal?: AbortSignal): Promise<FollowState> {
  return apiGet<FollowState>(`/favourites/shops/${shopId}`, {}, signal)
}

export const followStateQuery = (shopId: number) =>
  queryOptions({ queryKey: followStateKey(shopId), queryFn: ({ signal }) => getFollowState(shopId, signal) })

/** The follow state of a shop; `enabled` false for visitors. */
export function useFollowState(shopId: number, enabled: boolean) {
  return useQuery({ ...followStateQuery(shopId), enabled: enabled && shopId > 0 })
}

/** POST or DELETE /api/favourites/shops/:id. @throws 'Shop not found' | 'Cannot follow own shop' */
export function setFollowing(shopId: number, following: boolean): Promise<FollowState> {
  return following ? apiPost<FollowState>(`/favourites/shops/${shopId}`) : apiDelete<FollowState>(`/favourites/shops/${shopId}`)
}

/** Follows or unfollows a shop; the answer is the new state, then favourites (counts, lists) refetch. */
export function useSetFollowing(shopId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (following: boolean) => setFollowing(shopId, following),
    onSuccess: (state) => queryClient.setQueryData(followStateKey(shopId), state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  })
}
