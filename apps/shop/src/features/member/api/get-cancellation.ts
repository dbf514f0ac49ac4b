import type { CancellationCheck } from '@bazaar/contract/auth'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'

/**
 * GET /api/me/cancellation: what stops the account's cancellation now (money available or
 * held, orders, refunds, reviews, a shop), read before the password is asked (SPEC §6).
 */
export function getCancellationCheck(signal?: AbortSignal): Promise<CancellationCheck> {
  return apiGet<CancellationCheck>('/me/cancellation', {}, signal)
}

export const cancellationQuery = () =>
  queryOptions({
    queryKey: ['account', 'cancellation'] as const,
    queryFn: ({ signal }) => getCancellationCheck(signal),
    // Balances and orders move elsewhere: read afresh each time the sheet opens.
    staleTime: 0,
  })

export function useCancellationCheck(enabled: boolean) {
  return useQuery({ ...cancellationQuery(), enabled })
}
