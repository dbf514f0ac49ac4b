import type { Recharge, RechargeBody } from '@bazaar/contract/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/**
 * POST /api/wallet/recharges with an Idempotency-Key: files a recharge for review (SPEC §5).
 * Sent quietly: the form shows a refusal beside its field, and toasts only what has none.
 * @throws 'Please enter the recharge amount' | 'select a recharge method' | 'upload the transfer attachment' | 'Recharge closed on this network' | 'Invalid transaction hash' (fields.txHash) | 'Money Status is locked'
 */
export function createRecharge({ body, idempotencyKey }: { body: RechargeBody; idempotencyKey: string }): Promise<Recharge> {
  return apiPost<Recharge>('/wallet/recharges', body, { idempotencyKey, quiet: true })
}

export function useCreateRecharge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRecharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  })
}
