import type { Dashboard } from '@bazaar/contract/merchant-dashboard'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { merchantKey } from './keys'

/** GET /api/shop/dashboard: the SPEC §3 dashboard figures and the last 30 days, from orders and the ledger. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiGet<Dashboard>('/shop/dashboard', {}, signal)
}

export const dashboardQuery = () =>
  queryOptions({ queryKey: [...merchantKey, 'dashboard'] as const, queryFn: ({ signal }) => getDashboard(signal), staleTime: 10_000 })

export function useDashboard(enabled = true) {
  return useQuery({ ...dashboardQuery(), enabled })
}
