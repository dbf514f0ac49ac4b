import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'
import type { QueueKind } from './get-queue'
import { invalidateAfterReview } from './invalidate'

/** What approving needs: a withdrawal records the transaction that paid it out. */
export type Approval = { id: number; payoutTxHash?: string }

/**
 * POST /api/admin/{recharges|withdrawals}/:id/approve. A recharge credits the wallet; a
 * withdrawal is approved once paid out, with the payout's tx hash (checked against its
 * network), and takes the fee. Safe to repeat: the second answer is 'Request already handled'
 * and moves nothing.
 * @throws 'Request already handled' | 'Invalid parameters' (payoutTxHash) | 'Money Status is locked' | 'Account is locked'
 */
export function approveRequest(kind: QueueKind, { id, payoutTxHash }: Approval): Promise<unknown> {
  return apiSend('POST', `/admin/${kind}/${id}/approve`, kind === 'withdrawals' ? { payoutTxHash } : undefined)
}

export function useApproveRequest(kind: QueueKind) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (approval: Approval) => approveRequest(kind, approval),
    onSuccess: (_data, { id }) => toastSuccess(t(`review.${kind}.approved`, { id })),
    onSettled: () => invalidateAfterReview(queryClient, kind),
  })
}
