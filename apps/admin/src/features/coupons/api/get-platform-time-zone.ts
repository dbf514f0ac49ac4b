import { formatCouponEnd, formatPlatformDay, readerTimeZone } from '@bazaar/contract/coupon-dates'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiGet } from '../../../shared/api/client'

/** GET /api/rules (public): the platform's time zone, whose midnight ends a coupon's last day. */
export async function getPlatformTimeZone(signal?: AbortSignal): Promise<string> {
  return (await apiGet<{ timeZone: string }>('/rules', {}, signal)).timeZone
}

/** Query options of the platform's time zone (key `rules`, `timeZone`). */
export const platformTimeZoneQuery = () =>
  queryOptions({
    queryKey: ['rules', 'timeZone'] as const,
    queryFn: ({ signal }) => getPlatformTimeZone(signal),
    // A setting of the server: it changes with a restart, not while the console is open.
    staleTime: 30 * 60_000,
  })

/** The platform's time zone (IANA name) as a query: the coupon form waits for it. */
export function usePlatformTimeZone() {
  return useQuery(platformTimeZoneQuery())
}

/**
 * A coupon window's days as the operator reads them (contract coupon-dates): the first day and
 * the last valid day in the platform's zone, never the exclusive end instant, with times and
 * the zone for an operator on another clock; undefined until the zone is known.
 */
export function useCouponWindow(): ((window: { startsAtMs: number; endsAtMs: number }) => { starts: string; ends: string }) | undefined {
  const { i18n } = useTranslation()
  const zone = usePlatformTimeZone().data
  if (zone === undefined) return undefined
  const reader = { locale: i18n.language, timeZone: readerTimeZone() }
  return ({ startsAtMs, endsAtMs }) => ({
    starts: formatPlatformDay(startsAtMs, zone, reader),
    ends: formatCouponEnd(endsAtMs, zone, reader),
  })
}
