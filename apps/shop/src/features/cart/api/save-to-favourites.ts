import type { Cart } from '@bazaar/contract/cart'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cartKey, cartScope } from '../../../shared/api/cart/get-cart'
import { apiPost } from '../../../shared/api/client'

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
