import { apiPost } from '../../../shared/api/client'
import { useShopOrderMutation } from './shop-order-mutation'

/**
 * POST /api/shop/refunds/:id/refuse {reason}: nothing moves; the buyer sees the reason.
 * @throws 'Invalid parameters' | 'Order status does not allow this'
 */
export function refuseRefund({ refundId, reason }: { refundId: number; reason: string }): Promise<null> {
  return apiPost<null>(`/shop/refunds/${refundId}/refuse`, { reason })
}

export const useRefuseRefund = () => useShopOrderMutation(refuseRefund)
