import type { DisputeStatus } from '@bazaar/contract/aftersales-values'
import type { AdminDispute } from '@bazaar/contract/disputes'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** GET /api/admin/disputes?status&cursor&limit: disputes in a state, oldest first, the overdue ones marked. */
export function getDisputes(status: DisputeStatus, cursor: string | undefined, signal?: AbortSignal): Promise<Page<AdminDispute>> {
  return apiGet<Page<AdminDispute>>('/admin/disputes', { status, cursor, limit: pageSize }, signal)
}

export const disputesQuery = (status: DisputeStatus) =>
  pagedQuery(['disputes', 'list', { status }] as const, (cursor, signal) => getDisputes(status, cursor, signal))

/** Disputes arrive without a reload: the open tab polls every 30 s while it is shown (the sweep's pace). */
const openPollMs = 30_000

export function useDisputes(status: DisputeStatus) {
  return useInfiniteQuery({ ...disputesQuery(status), refetchInterval: status === 'open' ? openPollMs : false })
}
