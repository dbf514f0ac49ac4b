import type { OrderRules } from '@bazaar/contract/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** GET /api/rules (public): the order time rules as the shop publishes them, in milliseconds. */
export async function getOrderRules(signal?: AbortSignal): Promise<OrderRules> {
  return (await apiGet<{ orders: OrderRules }>('/rules', {}, signal)).orders
}

export const orderRulesQuery = () =>
  queryOptions({ queryKey: ['settings', 'orderRules'] as const, queryFn: ({ signal }) => getOrderRules(signal) })

export function useOrderRules() {
  return useQuery(orderRulesQuery())
}
