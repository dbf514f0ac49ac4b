import type { NoticeTab } from '@bazaar/contract/chat-values'
import type { NoticeCounts, NoticePage } from '@bazaar/contract/notices'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiGet, apiPost } from '../../../shared/api/client'
import { noticesKey } from './keys'

/** GET /api/notices/counts: unread entries per message tab. */
export const noticeCountsQuery = () =>
  queryOptions({
    queryKey: [...noticesKey, 'counts'] as const,
    queryFn: ({ signal }) => apiGet<NoticeCounts>('/notices/counts', {}, signal),
  })

export function useNoticeCounts() {
  return useQuery(noticeCountsQuery())
}

/** GET /api/notices?tab=: one message tab, newest first, 20 a page. @throws 'Invalid cursor' */
export const noticesQuery = (tab: NoticeTab) =>
  infiniteQueryOptions({
    queryKey: [...noticesKey, 'list', tab] as const,
    queryFn: ({ pageParam, signal }) => apiGet<NoticePage>('/notices', { tab, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export function useNotices(tab: NoticeTab) {
  return useInfiniteQuery(noticesQuery(tab))
}

/** POST /api/notices/read: one entry of a tab, or the whole tab. */
export function readNotices(tab: NoticeTab, id?: number): Promise<null> {
  return apiPost<null>('/notices/read', id === undefined ? { tab } : { tab, id }, { quiet: true })
}
