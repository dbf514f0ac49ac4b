import { apiPost } from '../../../shared/api/client'
import { useShopOrderMutation } from './shop-order-mutation'

/**
 * POST /api/shop/refunds/:id/agree: the amount goes back to the buyer's wallet at once.
 * @throws 'Order status does not allow this' (already answered) | 'Order not found'
 */
export function agreeRefund(refundId: number): Promise<null> {
  return apiPost<null>(`/shop/refunds/${refundId}/agree`)
}

export const useAgreeRefund = () => useShopOrderMutation(agreeRefund)
