import type { AdminBondRequest } from '@bazaar/contract/bond'
import type { BondAgreementStatus } from '@bazaar/contract/bond-values'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** GET /api/admin/bond-requests?status&cursor&limit: bond agreements in a state, oldest first. */
export function getBondRequests(
  status: BondAgreementStatus,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<AdminBondRequest>> {
  return apiGet<Page<AdminBondRequest>>('/admin/bond-requests', { status, cursor, limit: pageSize }, signal)
}

export const bondRequestsQuery = (status: BondAgreementStatus) =>
  pagedQuery(['bond', 'requests', { status }] as const, (cursor, signal) => getBondRequests(status, cursor, signal))

/** Requests arrive without a reload: the waiting tab polls every 30 s while it is open. */
const waitingPollMs = 30_000

export function useBondRequests(status: BondAgreementStatus) {
  return useInfiniteQuery({ ...bondRequestsQuery(status), refetchInterval: status === 'processing' ? waitingPollMs : false })
}
