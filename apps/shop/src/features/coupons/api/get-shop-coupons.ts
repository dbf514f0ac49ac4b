import type { IssuedCouponPage } from '@bazaar/contract/coupon'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/** Parent key of the merchant's coupons: creating or ending one invalidates it. */
export const shopCouponsKey = ['shopCoupons'] as const

/**
 * GET /api/shop/coupons?cursor: my shop's coupons, newest first, 20 a page. Quiet: a buyer who
 * is not a merchant gets 'Not allowed', which the page shows as its own state.
 */
export function getShopCoupons(cursor: string | undefined, signal?: AbortSignal): Promise<IssuedCouponPage> {
  return apiGet<IssuedCouponPage>('/shop/coupons', { cursor }, signal, { quiet: true })
}

export const shopCouponsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...shopCouponsKey, 'list'] as const,
    queryFn: ({ pageParam, signal }) => getShopCoupons(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  })

export function useShopCoupons() {
  return useInfiniteQuery(shopCouponsQuery())
}
