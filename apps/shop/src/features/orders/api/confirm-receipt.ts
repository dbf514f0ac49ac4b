import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useOrderMutation } from './order-mutation'

/**
 * POST /api/orders/:id/receive: the buyer confirms receipt (the after-sales window starts).
 * @throws 'Order status does not allow this' | 'Order not found'
 */
export function confirmReceipt(id: number): Promise<Order> {
  return apiPost<Order>(`/orders/${id}/receive`)
}

export const useConfirmReceipt = () => useOrderMutation(confirmReceipt)
