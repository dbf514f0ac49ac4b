import type { Order } from '@bazaar/contract/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import type { BuySource } from './checkout-preview'
import { ordersKey } from './keys'

export type CreateOrdersBody = BuySource & { addressId: number; remarks: Record<string, string> }

/**
 * POST /api/orders {lines|fromCart, addressId, remarks}: one unpaid order per shop, stock
 * reserved, bought cart lines removed.
 * @throws 'no address' | 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters'
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
    },
  })
}
