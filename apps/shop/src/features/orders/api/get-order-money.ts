import type { MoneyTimeline } from '@bazaar/contract/merchant-dashboard'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiGet } from '../../../shared/api/client'
import { shopOrdersKey } from './keys'

export type OrderMoney = z.infer<typeof MoneyTimeline>

/** GET /api/shop/orders/:id/money: the order's money timeline from the ledger (paid, purchase paid, settled…). */
export function getOrderMoney(orderId: number, signal?: AbortSignal): Promise<OrderMoney> {
  return apiGet<OrderMoney>(`/shop/orders/${orderId}/money`, {}, signal)
}

export const orderMoneyQuery = (orderId: number) =>
  queryOptions({ queryKey: [...shopOrdersKey, 'money', orderId] as const, queryFn: ({ signal }) => getOrderMoney(orderId, signal) })

export function useOrderMoney(orderId: number) {
  return useQuery(orderMoneyQuery(orderId))
}
