import type { CaseEvidence, EvidenceBody } from '@bazaar/contract/aftersales'
import type { CaseSide } from '@bazaar/contract/aftersales-values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { caseApi } from './case-side'
import { evidenceQuery } from './get-evidence'

/**
 * POST /api/refunds/:id/evidence or /api/shop/refunds/:id/evidence: more of this side's
 * evidence while the dispute is open; answers the side's evidence now.
 * @throws 'Evidence not found' | 'Evidence limit reached' | 'Order status does not allow this'
 */
export function addEvidence(side: CaseSide, { refundId, ...evidence }: { refundId: number } & EvidenceBody): Promise<CaseEvidence> {
  return apiPost<CaseEvidence>(`${caseApi(side).refunds}/${refundId}/evidence`, evidence)
}

export function useAddEvidence(side: CaseSide) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: { refundId: number } & EvidenceBody) => addEvidence(side, variables),
    onSuccess: (evidence, { refundId }) => queryClient.setQueryData(evidenceQuery(side, refundId).queryKey, evidence),
  })
}
