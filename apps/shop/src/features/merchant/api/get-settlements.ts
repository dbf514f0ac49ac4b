import type { SettlementPage } from '@bazaar/contract/merchant-dashboard'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiGet } from '../../../shared/api/client'
import { merchantKey } from './keys'

type Page = z.infer<typeof SettlementPage>

/** GET /api/shop/settlements?cursor: orders waiting for settlement (SPEC §2 wait_order), newest first. */
export function getSettlements(cursor: string | undefined, signal?: AbortSignal): Promise<Page> {
  return apiGet<Page>('/shop/settlements', { cursor }, signal)
}

export const settlementsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...merchantKey, 'settlements'] as const,
    queryFn: ({ pageParam, signal }) => getSettlements(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export function useSettlements() {
  return useInfiniteQuery(settlementsQuery())
}
