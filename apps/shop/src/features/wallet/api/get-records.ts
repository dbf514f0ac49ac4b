import { defaultPageSize } from '@bazaar/contract/catalog-values'
import type { RecordPage, RecordType } from '@bazaar/contract/wallet'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/wallet/records: one page, newest first, optionally of one type; `nextCursor` null at the end. */
export function getRecords(type: RecordType | undefined, cursor: string | undefined, signal?: AbortSignal): Promise<RecordPage> {
  return apiGet<RecordPage>('/wallet/records', { type, cursor, limit: defaultPageSize }, signal)
}

export const recordsQuery = (type: RecordType | undefined) =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'records', { type: type ?? 'all' }] as const,
    queryFn: ({ pageParam, signal }) => getRecords(type, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 10_000,
  })

export function useRecords(type: RecordType | undefined) {
  return useInfiniteQuery(recordsQuery(type))
}
