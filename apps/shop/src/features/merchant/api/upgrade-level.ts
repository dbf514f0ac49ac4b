import type { BondRequest } from '@bazaar/contract/bond'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'
import { merchantKey } from './keys'

export type UpgradeVariables = { level: number; signerName: string; idempotencyKey: string }

/**
 * POST /api/shop/bond/upgrade {level, signerName, agreed} with an Idempotency-Key: signs the
 * contract and pays target bond − current bond from the wallet. Quiet: the signing page
 * explains 'Insufficient balance' with a way to recharge.
 * @throws 'Insufficient balance' | 'Sign the contract first' | 'contact customer service to lower store level' | 'Processing' | 'Request already handled' | 'Money Status is locked' | 'Account is locked'
 */
export function upgradeLevel({ level, signerName, idempotencyKey }: UpgradeVariables): Promise<BondRequest> {
  return apiPost<BondRequest>('/shop/bond/upgrade', { level, signerName, agreed: true }, { idempotencyKey, quiet: true })
}

export function useUpgradeLevel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: upgradeLevel,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: merchantKey })
      void queryClient.invalidateQueries({ queryKey: ['wallet'] })
    },
  })
}
