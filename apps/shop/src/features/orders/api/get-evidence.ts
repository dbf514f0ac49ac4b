import type { CaseEvidence } from '@bazaar/contract/aftersales'
import type { CaseSide } from '@bazaar/contract/aftersales-values'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { caseApi } from './case-side'

/**
 * GET /api/refunds/:id/evidence or /api/shop/refunds/:id/evidence: what this side added to
 * the case's dispute, and the chat messages since the payment it may pick.
 * @throws 'Order not found'
 */
export function getEvidence(side: CaseSide, refundId: number, signal?: AbortSignal): Promise<CaseEvidence> {
  return apiGet<CaseEvidence>(`${caseApi(side).refunds}/${refundId}/evidence`, {}, signal)
}

export const evidenceQuery = (side: CaseSide, refundId: number) =>
  queryOptions({
    queryKey: [...caseApi(side).key, 'evidence', refundId] as const,
    queryFn: ({ signal }) => getEvidence(side, refundId, signal),
  })

export function useEvidence(side: CaseSide, refundId: number, enabled: boolean) {
  return useQuery({ ...evidenceQuery(side, refundId), enabled })
}
