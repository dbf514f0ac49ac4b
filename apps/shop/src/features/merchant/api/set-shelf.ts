import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { merchantKey } from './keys'

/**
 * POST /api/shop/listings/:id/shelf {onSale}: on the shelf (within the level's count) or off.
 * @throws 'sj_zdsps' | 'Listing not found'
 */
export function setShelf({ listingId, onSale }: { listingId: number; onSale: boolean }): Promise<null> {
  return apiPost<null>(`/shop/listings/${listingId}/shelf`, { onSale })
}

export function useSetShelf() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setShelf, onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKey }) })
}
