import type { Cart } from '@bazaar/contract/cart'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cartKey, cartScope } from '../../../shared/api/cart/get-cart'
import { apiPost } from '../../../shared/api/client'

/** POST /api/cart/select-all {selected}: selects or clears every line. */
export function selectAll(selected: boolean): Promise<Cart> {
  return apiPost<Cart>('/cart/select-all', { selected })
}

export function useSelectAll() {
  const queryClient = useQueryClient()
  return useMutation({
    scope: cartScope,
    mutationFn: selectAll,
    onMutate: async (selected) => {
      await queryClient.cancelQueries({ queryKey: cartKey })
      const before = queryClient.getQueryData<Cart>(cartKey)
      if (before) queryClient.setQueryData<Cart>(cartKey, { items: before.items.map((item) => ({ ...item, selected })) })
      return { before }
    },
    onError: (_error, _selected, context) => {
      if (context?.before) queryClient.setQueryData(cartKey, context.before)
    },
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
  })
}
