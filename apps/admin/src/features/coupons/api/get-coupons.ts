import type { IssuedCoupon } from '@bazaar/contract/coupon'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { type Page, pagedQuery, pageSize } from '../../../shared/api/paged'

/** Parent key of the platform's coupons: issuing or ending one invalidates it. */
export const couponsKey = ['coupons'] as const

/** GET /api/admin/coupons?cursor&limit: the platform's coupons, newest first, with claims, uses and phase. */
export function getCoupons(cursor: string | undefined, signal?: AbortSignal): Promise<Page<IssuedCoupon>> {
  return apiGet<Page<IssuedCoupon>>('/admin/coupons', { cursor, limit: pageSize }, signal)
}

export const couponsQuery = () => pagedQuery([...couponsKey, 'list'] as const, (cursor, signal) => getCoupons(cursor, signal))

export function useCoupons() {
  return useInfiniteQuery(couponsQuery())
}
