import type { BondOverview } from '@bazaar/contract/bond'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiGet } from '../../../shared/api/client'
import { merchantKey } from './keys'

export type BondOverviewReply = z.infer<typeof BondOverview>

/** GET /api/shop/bond: level, bond, the level table, unprocessed orders and every agreement with its timeline. */
export function getBond(signal?: AbortSignal): Promise<BondOverviewReply> {
  return apiGet<BondOverviewReply>('/shop/bond', {}, signal)
}

export const bondQuery = () =>
  queryOptions({ queryKey: [...merchantKey, 'bond'] as const, queryFn: ({ signal }) => getBond(signal), staleTime: 0 })

export function useBond() {
  return useQuery(bondQuery())
}
