import type { Withdrawal, WithdrawalBody } from '@bazaar/contract/wallet'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/**
 * POST /api/wallet/withdrawals with an Idempotency-Key: holds the amount for review (SPEC §5).
 * @throws 'payment password error' | 'withdrawal amount incorrect' | 'exceeds withdrawal limit' | 'Insufficient balance' | 'withdrawal function closed' | 'maximum monthly withdrawals reached' | 'set the payment password' (406)
 */
export function createWithdrawal({ body, idempotencyKey }: { body: WithdrawalBody; idempotencyKey: string }): Promise<Withdrawal> {
  return apiPost<Withdrawal>('/wallet/withdrawals', body, { idempotencyKey })
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  })
}
