import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useCaseMutation } from './case-side'

/**
 * POST /api/shop/refunds/:id/agree-return: a 'return and refund' case is agreed once the goods
 * are back; the buyer's time to ship them starts.
 * @throws 'This refund takes no return' | 'Order status does not allow this' | 'Order not found'
 */
export function agreeReturn(refundId: number): Promise<Order> {
  return apiPost<Order>(`/shop/refunds/${refundId}/agree-return`)
}

export const useAgreeReturn = () => useCaseMutation('merchant', agreeReturn)
