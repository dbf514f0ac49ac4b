import type { AdminApplication } from '@bazaar/contract/merchant-application'
import type { ApplicationStatus } from '@bazaar/contract/merchant-values'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** GET /api/admin/shop-applications?status&cursor&limit: applications in a state, oldest first. */
export function getApplications(
  status: ApplicationStatus,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<AdminApplication>> {
  return apiGet<Page<AdminApplication>>('/admin/shop-applications', { status, cursor, limit: pageSize }, signal)
}

export const applicationsQuery = (status: ApplicationStatus) =>
  pagedQuery(['applications', 'list', { status }] as const, (cursor, signal) => getApplications(status, cursor, signal))

/** New applications arrive without a reload: the waiting tab polls every 30 s while it is open. */
const waitingPollMs = 30_000

export function useApplications(status: ApplicationStatus) {
  return useInfiniteQuery({ ...applicationsQuery(status), refetchInterval: status === 'under_review' ? waitingPollMs : false })
}
