import type { CaseSide } from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { ordersKey, shopOrdersKey } from './keys'

/**
 * An after-sales case is read and moved by its two sides through their own routes: the
 * buyer's under /api/refunds and /api/orders, the merchant's under /api/shop. These give the
 * side's path prefix and parent query key, so one page serves both.
 */
export const caseApi = (side: CaseSide) =>
  side === 'buyer'
    ? { refunds: '/refunds', orders: '/orders', key: ordersKey }
    : { refunds: '/shop/refunds', orders: '/shop/orders', key: shopOrdersKey }

/** GET /api/orders/:id or /api/shop/orders/:id: the order a case belongs to, as that side sees it (its cases inside). */
export function getCaseOrder(side: CaseSide, orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`${caseApi(side).orders}/${orderId}`, {}, signal)
}

/** The same cache entry as the side's order detail page, so a move on one shows on the other. */
export const caseOrderQuery = (side: CaseSide, orderId: number) =>
  queryOptions({
    queryKey: [...caseApi(side).key, 'detail', orderId] as const,
    queryFn: ({ signal }) => getCaseOrder(side, orderId, signal),
    staleTime: 0,
  })

export function useCaseOrder(side: CaseSide, orderId: number) {
  return useQuery({ ...caseOrderQuery(side, orderId), enabled: orderId > 0 })
}

/**
 * A move of a case by one side whose reply is the order as that side sees it: the detail
 * takes the reply and that side's lists (and the case's evidence) are read again.
 */
export function useCaseMutation<V>(side: CaseSide, call: (variables: V) => Promise<Order>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      queryClient.setQueryData([...caseApi(side).key, 'detail', order.id], order)
      void queryClient.invalidateQueries({ queryKey: caseApi(side).key })
    },
  })
}
