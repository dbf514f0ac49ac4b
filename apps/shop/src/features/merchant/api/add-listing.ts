import type { MerchantListing } from '@bazaar/contract/merchant-listings'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { merchantKey } from './keys'

/**
 * POST /api/shop/listings {productId, stock}: lists a catalogue product with all its SKUs at
 * the level's ratio, `stock` units each.
 * @throws 'sj_zdsps' (the level's count is used) | 'sj_zdjg' (low credit, price above the cap) | 'Product already listed' | 'Product not found'
 */
export function addListing(body: { productId: number; stock: number }): Promise<MerchantListing> {
  return apiPost<MerchantListing>('/shop/listings', body)
}

export function useAddListing() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addListing, onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKey }) })
}
