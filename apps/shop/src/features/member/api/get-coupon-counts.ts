import type { CouponCounts } from '@bazaar/contract/coupon'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { couponsKey } from '../../../shared/api/coupons/keys'

/**
 * GET /api/coupons/counts: my unused coupons and the new ones among them (SPEC §3 dynamic
 * counts: coupon). Under coupons, so a claim or an order anywhere refreshes it.
 */
export function getCouponCounts(signal?: AbortSignal): Promise<CouponCounts> {
  return apiGet<CouponCounts>('/coupons/counts', {}, signal)
}

export const couponCountsQuery = () =>
  queryOptions({ queryKey: [...couponsKey, 'counts'] as const, queryFn: ({ signal }) => getCouponCounts(signal), staleTime: 0 })

export function useCouponCounts(enabled: boolean) {
  return useQuery({ ...couponCountsQuery(), enabled })
}
