import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiDelete } from '../../../shared/api/client'
import { merchantKey } from './keys'

/**
 * DELETE /api/shop/listings/:id: the listing leaves the shop for good (SPEC §5: asked first).
 * @throws 'Listing not found'
 */
export function deleteListing(listingId: number): Promise<null> {
  return apiDelete<null>(`/shop/listings/${listingId}`)
}

export function useDeleteListing() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteListing, onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKey }) })
}
