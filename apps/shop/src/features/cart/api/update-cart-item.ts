import type { Cart } from '@bazaar/contract/cart'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cartKey, cartScope } from '../../../shared/api/cart/get-cart'
import { apiPatch } from '../../../shared/api/client'

export type CartItemChange = { quantity?: number; selected?: boolean }

/**
 * PATCH /api/cart/items/:id {quantity?, selected?}
 * @throws 'Product not found' | 'Inventory shortage'
 */
export function updateCartItem(id: number, change: CartItemChange): Promise<Cart> {
  return apiPatch<Cart>(`/cart/items/${id}`, change)
}

/**
 * Changes lines at once on screen (optimistic), then on the server one call at a time; a
 * refusal puts the cart back as it was.
 */
export function useUpdateCartItems() {
  const queryClient = useQueryClient()
  return useMutation({
    scope: cartScope,
    mutationFn: async (changes: { id: number; change: CartItemChange }[]) => {
      let cart: Cart | undefined
      for (const { id, change } of changes) cart = await updateCartItem(id, change)
      return cart
    },
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: cartKey })
      const before = queryClient.getQueryData<Cart>(cartKey)
      if (before) {
        const byId = new Map(changes.map((c) => [c.id, c.change]))
        queryClient.setQueryData<Cart>(cartKey, { items: before.items.map((item) => ({ ...item, ...byId.get(item.id) })) })
      }
      return { before }
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(cartKey, context.before)
      void queryClient.invalidateQueries({ queryKey: cartKey })
    },
    onSuccess: (cart) => {
      if (cart) queryClient.setQueryData(cartKey, cart)
    },
  })
}
