import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useCaseMutation } from './case-side'

/**
 * POST /api/shop/refunds/:id/confirm-return {restock}: the return arrived; the buyer is
 * refunded at once, and the units go back into stock if `restock`.
 * @throws 'Order status does not allow this' | 'Order not found'
 */
export function confirmReturn({ refundId, restock }: { refundId: number; restock: boolean }): Promise<Order> {
  return apiPost<Order>(`/shop/refunds/${refundId}/confirm-return`, { restock })
}

export const useConfirmReturn = () => useCaseMutation('merchant', confirmReturn)
