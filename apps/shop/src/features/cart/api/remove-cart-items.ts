import type { Cart } from '@bazaar/contract/cart'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cartKey, cartScope } from '../../../shared/api/cart/get-cart'
import { apiPost } from '../../../shared/api/client'

/** POST /api/cart/remove {ids}: removes lines (at most 200 a call). */
export function removeCartItems(ids: number[]): Promise<Cart> {
  return apiPost<Cart>('/cart/remove', { ids })
}

export function useRemoveCartItems() {
  const queryClient = useQueryClient()
  return useMutation({ scope: cartScope, mutationFn: removeCartItems, onSuccess: (cart) => queryClient.setQueryData(cartKey, cart) })
}
