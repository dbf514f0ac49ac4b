import type { MyShop } from '@bazaar/contract/merchant-shop'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../shared/api/client'
import { merchantKey } from './keys'

/**
 * GET /api/shop/profile: the merchant's shop with its level's rules and credit. Quiet: 'Not
 * allowed' (no shop) and 'Shop is locked' are explained by the page (MerchantGate).
 * @throws 'Not allowed' | 'Shop is locked'
 */
export function getProfile(signal?: AbortSignal): Promise<MyShop> {
  return apiGet<MyShop>('/shop/profile', {}, signal, { quiet: true })
}

export const profileQuery = () =>
  queryOptions({
    queryKey: [...merchantKey, 'profile'] as const,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 30_000,
    // Not a merchant, or locked: asking again will not change the answer.
    retry: false,
  })

export function useProfile() {
  return useQuery(profileQuery())
}
