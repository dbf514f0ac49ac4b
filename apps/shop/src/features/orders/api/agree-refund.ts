import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useCaseMutation } from './case-side'

/**
 * POST /api/shop/refunds/:id/agree: the case is refunded at once (the buyer keeps the goods,
 * or they never left).
 * @throws 'Order status does not allow this' (already answered) | 'Order not found'
 */
export function agreeRefund(refundId: number): Promise<Order> {
  return apiPost<Order>(`/shop/refunds/${refundId}/agree`)
}

export const useAgreeRefund = () => useCaseMutation('merchant', agreeRefund)
