import type { QueueItem } from '@bazaar/contract/admin'
import type { requestStatuses } from '@bazaar/contract/wallet-values'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** The two review queues share one shape (contract `QueuePage`), so one file serves both. */
export type QueueKind = 'recharges' | 'withdrawals'
export type QueueStatus = (typeof requestStatuses)[number]

/** GET /api/admin/recharges | /api/admin/withdrawals?status&cursor&limit, oldest first. */
export function getQueue(kind: QueueKind, status: QueueStatus, cursor: string | undefined, signal?: AbortSignal): Promise<Page<QueueItem>> {
  return apiGet<Page<QueueItem>>(`/admin/${kind}`, { status, cursor, limit: pageSize }, signal)
}

export const queueQuery = (kind: QueueKind, status: QueueStatus) =>
  pagedQuery(['review', kind, 'list', { status }] as const, (cursor, signal) => getQueue(kind, status, cursor, signal))

/** New requests arrive without a reload: the pending tab polls every 30 s while it is open. */
const pendingPollMs = 30_000

export function useQueue(kind: QueueKind, status: QueueStatus) {
  return useInfiniteQuery({ ...queueQuery(kind, status), refetchInterval: status === 'pending' ? pendingPollMs : false })
}
