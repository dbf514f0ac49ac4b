import type { CouponPage } from '@bazaar/contract/coupon'
import type { CouponTab } from '@bazaar/contract/coupon-values'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { couponsKey } from '../../../shared/api/coupons/keys'

/** GET /api/coupons/mine?tab&cursor: one tab of my coupons, newest first, 20 a page. */
export function getMyCoupons(tab: CouponTab, cursor: string | undefined, signal?: AbortSignal): Promise<CouponPage> {
  return apiGet<CouponPage>('/coupons/mine', { tab, cursor }, signal)
}

export const myCouponsQuery = (tab: CouponTab) =>
  infiniteQueryOptions({
    queryKey: [...couponsKey, 'mine', { tab }] as const,
    queryFn: ({ pageParam, signal }) => getMyCoupons(tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  })

export function useMyCoupons(tab: CouponTab) {
  return useInfiniteQuery(myCouponsQuery(tab))
}
