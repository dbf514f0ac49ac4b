import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useShopOrderMutation } from './shop-order-mutation'

/**
 * POST /api/shop/orders/:id/logistics {description}: a step of the delivery for the buyer.
 * @throws 'Invalid parameters' | 'Order status does not allow this'
 */
export function addLogistics({ orderId, description }: { orderId: number; description: string }): Promise<Order> {
  return apiPost<Order>(`/shop/orders/${orderId}/logistics`, { description })
}

export const useAddLogistics = () => useShopOrderMutation(addLogistics)
