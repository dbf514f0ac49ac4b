import type { Cart } from '@bazaar/contract/cart'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { cartKey, cartScope } from './get-cart'

/** POST /api/cart/save-to-favourites {ids}: moves lines to favourite goods (out of the cart). */
export function saveToFavourites(ids: number[]): Promise<Cart> {
  return apiPost<Cart>('/cart/save-to-favourites', { ids })
}

export function useSaveToFavourites() {
  const queryClient = useQueryClient()
  return useMutation({
    scope: cartScope,
    mutationFn: saveToFavourites,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKey, cart)
      void queryClient.invalidateQueries({ queryKey: ['favourites'] })
    },
  })
}
