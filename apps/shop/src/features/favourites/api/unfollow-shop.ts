import { useMutation, useQueryClient } from '@tanstack/react-query'
import { setFollowing } from '../../../shared/api/favourites/follow-shop'
import { favouritesKey } from '../../../shared/api/favourites/get-favourites'

/** DELETE /api/favourites/shops/:id from the followed shops list; favourites refetch after. */
export function useUnfollowShop() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (shopId: number) => setFollowing(shopId, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  })
}
