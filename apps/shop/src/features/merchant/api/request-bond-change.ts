import type { BondRequest } from '@bazaar/contract/bond'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { merchantKey } from './keys'

/** `keepListingIds`: listings that stay on the shelf when the new level lists fewer (the newest go first otherwise). */
export type BondChange =
  | { kind: 'lower'; level: number; reason: string; keepListingIds?: number[] }
  | { kind: 'refund'; reason: string; keepListingIds?: number[] }

/**
 * POST /api/shop/bond/requests: asks to lower the level or refund the bond; an operator
 * reviews it (SPEC §4 Bond: refused while orders remain unprocessed).
 * @throws 'Orders remain unprocessed' | 'Processing' | 'Level not found' | 'Invalid parameters'
 */
export function requestBondChange(body: BondChange): Promise<BondRequest> {
  return apiPost<BondRequest>('/shop/bond/requests', body)
}

export function useRequestBondChange() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: requestBondChange, onSettled: () => queryClient.invalidateQueries({ queryKey: merchantKey }) })
}
