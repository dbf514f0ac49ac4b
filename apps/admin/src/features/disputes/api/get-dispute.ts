import type { DisputeDetail } from '@bazaar/contract/disputes'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/**
 * GET /api/admin/disputes/:id: the dispute with its order, its case and each side's evidence
 * (photos are private uploads, shared/api/upload.ts; chat messages the sides picked).
 * @throws 'Dispute not found'
 */
export function getDispute(id: number, signal?: AbortSignal): Promise<DisputeDetail> {
  return apiGet<DisputeDetail>(`/admin/disputes/${id}`, {}, signal)
}

export const disputeQuery = (id: number) =>
  queryOptions({ queryKey: ['disputes', 'detail', id] as const, queryFn: ({ signal }) => getDispute(id, signal) })

export function useDispute(id: number) {
  return useQuery(disputeQuery(id))
}
