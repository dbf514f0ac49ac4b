import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useCaseMutation } from './case-side'

/**
 * POST /api/shop/refunds/:id/refuse {reason}: nothing moves; both sides read the reason, and
 * either may ask the platform to decide within the escalation window.
 * @throws 'Invalid parameters' | 'Order status does not allow this' | 'Deadline passed'
 */
export function refuseRefund({ refundId, reason }: { refundId: number; reason: string }): Promise<Order> {
  return apiPost<Order>(`/shop/refunds/${refundId}/refuse`, { reason })
}

export const useRefuseRefund = () => useCaseMutation('merchant', refuseRefund)
