import type { CouponPage } from '@bazaar/contract/coupon'
import { offersRequest } from '@bazaar/contract/first-screen-values'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'
import { couponsKey } from './keys'

/** GET /api/coupons/offers?shopId: a shop's and the platform's coupons open for claiming, newest first. */
export function getOffers(shopId: number, signal?: AbortSignal): Promise<CouponPage> {
  // The same GET the server makes for a shop home's first screen, so its reply fits this key.
  const { path, params } = offersRequest(shopId)
  return apiGet<CouponPage>(path, params, signal)
}

/** Keyed by who asks too: a signed-in buyer's answer says what they claimed. */
export const offersQuery = (shopId: number, signedIn: boolean) =>
  queryOptions({
    queryKey: [...couponsKey, 'offers', { shopId, signedIn }] as const,
    queryFn: ({ signal }) => getOffers(shopId, signal),
  })

export function useOffers(shopId: number, signedIn: boolean) {
  return useQuery({ ...offersQuery(shopId, signedIn), enabled: shopId > 0 })
}
