import type { BondLevel } from '@bazaar/contract/bond'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/admin/bond-levels: the level table, level 1 first (SPEC §3 Bond level). */
export async function getBondLevels(signal?: AbortSignal): Promise<BondLevel[]> {
  return (await apiGet<{ items: BondLevel[] }>('/admin/bond-levels', {}, signal)).items
}

export const bondLevelsQuery = () => queryOptions({ queryKey: ['bond', 'levels'] as const, queryFn: ({ signal }) => getBondLevels(signal) })

export function useBondLevels() {
  return useQuery(bondLevelsQuery())
}
