import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiDelete } from '../client'
import { favouritesKey } from './get-favourites'

/** DELETE /api/favourites/:id: removes a listing from favourite goods. */
export function removeFavourite(listingId: number): Promise<null> {
  return apiDelete<null>(`/favourites/${listingId}`)
}

/** Removes a favourite, unmarking it at once in the ids query; refetches favourites after. */
export function useRemoveFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeFavourite,
    onMutate: (listingId) => {
      queryClient.setQueryData<Set<number>>([...favouritesKey, 'ids'], (ids) => {
        const next = new Set(ids)
        next.delete(listingId)
        return next
      })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  })
}
