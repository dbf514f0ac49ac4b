import type { EvidenceBody } from '@bazaar/contract/aftersales'
import type { CaseSide } from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import { apiPost } from '../../../shared/api/client'
import { caseApi, useCaseMutation } from './case-side'

/**
 * POST /api/refunds/:id/escalate or /api/shop/refunds/:id/escalate {text, photoIds,
 * messageIds}: asks the platform to decide, once, within the escalation window, with this
 * side's first evidence.
 * @throws 'Dispute already opened' | 'Deadline passed' | 'Evidence not found' | 'Evidence limit reached' | 'Order status does not allow this'
 */
export function escalateRefund(side: CaseSide, { refundId, ...evidence }: { refundId: number } & EvidenceBody): Promise<Order> {
  return apiPost<Order>(`${caseApi(side).refunds}/${refundId}/escalate`, evidence)
}

export const useEscalateRefund = (side: CaseSide) =>
  useCaseMutation(side, (variables: { refundId: number } & EvidenceBody) => escalateRefund(side, variables))
