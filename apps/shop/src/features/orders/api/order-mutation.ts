import type { Order } from '@bazaar/contract/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { couponsKey } from '../../../shared/api/coupons/keys'
import { ordersKey } from './keys'

/**
 * A buyer's action on an order whose reply is the changed order: the detail takes the reply,
 * and every order list is read again (the order may have changed tab); so are the coupons (a
 * cancelled or fully refunded order gives its coupon back).
 */
export function useOrderMutation<V>(call: (variables: V) => Promise<Order>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      queryClient.setQueryData([...ordersKey, 'detail', order.id], order)
      void queryClient.invalidateQueries({ queryKey: ordersKey })
      if (order.coupon) void queryClient.invalidateQueries({ queryKey: couponsKey })
    },
  })
}
