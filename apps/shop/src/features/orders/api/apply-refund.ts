import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useOrderMutation } from './order-mutation'

export type RefundInput = { orderId: number; lineId: number; quantity: number; reason: string }

/**
 * POST /api/orders/:id/refunds {lineId, quantity, reason}: the server computes the amount (what
 * was paid for those units); the merchant has 24 hours to answer, then it is agreed automatically.
 * @throws 'after-sales time exceeded' | 'Refund quantity exceeds the units left' | 'A refund is already open for this item' | 'Order status does not allow this'
 */
export function applyRefund({ orderId, ...body }: RefundInput): Promise<Order> {
  return apiPost<Order>(`/orders/${orderId}/refunds`, body)
}

export const useApplyRefund = () => useOrderMutation(applyRefund)
