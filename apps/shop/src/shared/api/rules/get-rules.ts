import type { CouponRules } from '@bazaar/contract/coupon'
import { formatCouponEnd, readerTimeZone } from '@bazaar/contract/coupon-dates'
import type { OrderRules } from '@bazaar/contract/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useLocale } from '../../i18n/language'
import { apiGet } from '../client'

/** What /api/rules publishes that the shop reads: order times, coupon bounds, the platform's time zone. */
export type PublishedRules = { orders: OrderRules; coupons: CouponRules; timeZone: string }

/** GET /api/rules (public): the rules that move money, and the platform's time zone. */
export function getRules(signal?: AbortSignal): Promise<PublishedRules> {
  return apiGet<PublishedRules>('/rules', {}, signal)
}

/** Query options of the published rules (key `rules`), kept 30 minutes. */
export const rulesQuery = () =>
  queryOptions({
    queryKey: ['rules'] as const,
    queryFn: ({ signal }) => getRules(signal),
    // A setting and operators' rules: they change rarely, and a page reads what was published.
    staleTime: 30 * 60_000,
  })

/** The platform's time zone (IANA name), undefined until /api/rules answered. */
export function usePlatformTimeZone(): string | undefined {
  return useQuery({ ...rulesQuery(), select: (rules) => rules.timeZone }).data
}

/**
 * A coupon's end as the reader reads it (contract `formatCouponEnd`): its last valid day, with
 * 23:59 and the platform's zone for a reader on another clock; undefined until the platform's
 * zone is known.
 */
export function useCouponEnd(): ((endsAtMs: number) => string) | undefined {
  const timeZone = usePlatformTimeZone()
  const { locale } = useLocale()
  const format = useCallback(
    (endsAtMs: number) => formatCouponEnd(endsAtMs, timeZone ?? 'UTC', { locale, timeZone: readerTimeZone() }),
    [timeZone, locale],
  )
  return timeZone === undefined ? undefined : format
}
