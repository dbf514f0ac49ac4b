import type { Order } from '@bazaar/contract/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { couponsKey } from '../../../shared/api/coupons/keys'
import type { BuySource } from './checkout-preview'
import { ordersKey } from './keys'

/**
 * `coupons`: the held coupon per shop id that the preview applied (the server recomputes its
 * discount); `checkoutKey`: the confirm page's (hooks/useCheckoutKey).
 */
export type CreateOrdersBody = BuySource & {
  addressId: number
  remarks: Record<string, string>
  coupons: Record<string, number>
  checkoutKey: string
}

/**
 * POST /api/orders {lines|fromCart, addressId, remarks, coupons, checkoutKey}: one unpaid order
 * per shop, stock reserved, coupons used, bought cart lines removed. The same page submitted
 * again gets its unpaid orders back, or, changed, new ones in their place.
 * @throws 'no address' | 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters' | 'Coupon already used' | 'Coupon expired' | 'Coupon does not apply to this order'
 */
export function createOrders(body: CreateOrdersBody): Promise<{ items: Order[] }> {
  return apiPost<{ items: Order[] }>('/orders', body)
}

export function useCreateOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrders,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKey })
      void queryClient.invalidateQueries({ queryKey: ['cart'] })
      void queryClient.invalidateQueries({ queryKey: couponsKey })
    },
  })
}
