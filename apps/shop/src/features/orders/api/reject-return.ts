import type { ReturnProblem } from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useCaseMutation } from './case-side'

/**
 * POST /api/shop/refunds/:id/reject-return {problem, note}: the return came damaged or never
 * came; nothing moves, and either side may ask the platform to decide.
 * @throws 'Invalid parameters' | 'Order status does not allow this' | 'Deadline passed'
 */
export function rejectReturn({ refundId, ...report }: { refundId: number; problem: ReturnProblem; note: string }): Promise<Order> {
  return apiPost<Order>(`/shop/refunds/${refundId}/reject-return`, report)
}

export const useRejectReturn = () => useCaseMutation('merchant', rejectReturn)
