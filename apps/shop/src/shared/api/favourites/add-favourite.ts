import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../client'
import { favouritesKey } from './get-favourites'

/** POST /api/favourites/:id: saves a listing to favourite goods (twice is once). */
export function addFavourite(listingId: number): Promise<null> {
  return apiPost<null>(`/favourites/${listingId}`)
}

/** Saves a favourite, marking it at once in the ids query (the goods page's heart); refetches favourites after. */
export function useAddFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addFavourite,
    onMutate: (listingId) => {
      queryClient.setQueryData<Set<number>>([...favouritesKey, 'ids'], (ids) => new Set(ids).add(listingId))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  })
}
