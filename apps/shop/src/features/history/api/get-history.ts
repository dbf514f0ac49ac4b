import type { HistoryPage } from '@bazaar/contract/member'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { historyKey } from '../../../shared/api/history/record-view'

/** GET /api/history?cursor&limit: products viewed, newest first. */
export function getHistory(cursor: string | undefined, signal?: AbortSignal): Promise<HistoryPage> {
  return apiGet<HistoryPage>('/history', { cursor, limit: 40 }, signal)
}

export const historyQuery = () =>
  infiniteQueryOptions({
    queryKey: [...historyKey, 'list'] as const,
    queryFn: ({ pageParam, signal }) => getHistory(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  })

export function useHistory() {
  return useInfiniteQuery(historyQuery())
}
