import type { FlaggedMessage } from '@bazaar/contract/chat'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** GET /api/admin/chat/flagged: merchants' messages with signs of payment outside the platform, newest first. */
export function getFlagged(cursor: string | undefined, signal?: AbortSignal): Promise<Page<FlaggedMessage>> {
  return apiGet<Page<FlaggedMessage>>('/admin/chat/flagged', { cursor, limit: pageSize }, signal)
}

export function useFlagged() {
  return useInfiniteQuery(pagedQuery(['service', 'flagged'] as const, (cursor, signal) => getFlagged(cursor, signal)))
}
