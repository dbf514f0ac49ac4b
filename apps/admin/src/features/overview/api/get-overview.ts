import type { AdminOverview } from '@bazaar/contract/merchant-console'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/**
 * GET /api/admin/overview: today and the last 30 UTC days (turnover = order payments less
 * refunds, paid orders, new users, new shops), the same per day, and the queues waiting.
 */
export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return apiGet<AdminOverview>('/admin/overview', {}, signal)
}

/** The figures move all day: fetched again every minute while the page is open. */
const refreshMs = 60_000

export const overviewQuery = () =>
  queryOptions({ queryKey: ['overview'] as const, queryFn: ({ signal }) => getOverview(signal), refetchInterval: refreshMs })

export function useOverview() {
  return useQuery(overviewQuery())
}
