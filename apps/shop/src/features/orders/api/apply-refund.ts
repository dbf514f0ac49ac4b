import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useOrderMutation } from './order-mutation'

export type RefundInput = { orderId: number; lineId: number; amountCents: number; reason: string }

/**
 * POST /api/orders/:id/refunds {lineId, amountCents, reason}: the merchant has 24 hours to
 * answer, after which it is agreed automatically.
 * @throws 'after-sales time exceeded' | 'Refund amount exceeds what was paid' | 'A refund is already open for this item' | 'Order status does not allow this'
 */
export function applyRefund({ orderId, ...body }: RefundInput): Promise<Order> {
  return apiPost<Order>(`/orders/${orderId}/refunds`, body)
}

export const useApplyRefund = () => useOrderMutation(applyRefund)
