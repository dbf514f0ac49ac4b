import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useOrderMutation } from './order-mutation'

/**
 * POST /api/orders/:id/cancel: an unpaid order is cancelled and its stock returned.
 * @throws 'Order status does not allow this' | 'Order not found'
 */
export function cancelOrder(id: number): Promise<Order> {
  return apiPost<Order>(`/orders/${id}/cancel`)
}

export const useCancelOrder = () => useOrderMutation(cancelOrder)
