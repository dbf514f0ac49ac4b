import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useOrderMutation } from './order-mutation'

/**
 * POST /api/orders/:id/address {addressId}: a new address before the order ships.
 * @throws 'no address' | 'Order status does not allow this' | 'Order not found'
 */
export function modifyOrderAddress({ orderId, addressId }: { orderId: number; addressId: number }): Promise<Order> {
  return apiPost<Order>(`/orders/${orderId}/address`, { addressId })
}

export const useModifyOrderAddress = () => useOrderMutation(modifyOrderAddress)
