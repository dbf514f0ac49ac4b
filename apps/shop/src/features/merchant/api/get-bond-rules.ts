import type { BondRules } from '@bazaar/contract/bond'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/bond/rules (public): levels, the credit rule and price cap, traffic points, the refund process. */
export function getBondRules(signal?: AbortSignal): Promise<BondRules> {
  return apiGet<BondRules>('/bond/rules', {}, signal)
}

export const bondRulesQuery = () =>
  queryOptions({
    queryKey: ['bondRules'] as const,
    queryFn: ({ signal }) => getBondRules(signal),
    // Operators change the table rarely; the bond page shows what was published.
    staleTime: 5 * 60_000,
  })

export function useBondRules() {
  return useQuery(bondRulesQuery())
}
