import type { CaseKind } from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { useOrderMutation } from './order-mutation'

export type RefundInput = { orderId: number; lineId: number; quantity: number; reason: string; kind: CaseKind }

/**
 * POST /api/orders/:id/refunds {lineId, quantity, reason, kind}: opens an after-sales case
 * ('refund only', or 'return and refund' once shipped); the server computes the amount (what
 * was paid for those units) and the shop's answer deadline (the published order rules).
 * @throws 'after-sales time exceeded' | 'Refund quantity exceeds the units left' | 'A refund is already open for this item' | 'A return needs a shipped order' | 'Order status does not allow this'
 */
export function applyRefund({ orderId, ...body }: RefundInput): Promise<Order> {
  return apiPost<Order>(`/orders/${orderId}/refunds`, body)
}

export const useApplyRefund = () => useOrderMutation(applyRefund)
