import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'
import type { QueueKind } from './get-queue'
import { invalidateAfterReview } from './invalidate'

/**
 * POST /api/admin/{recharges|withdrawals}/:id/approve. A recharge credits the wallet; a
 * withdrawal pays out and takes the fee. Safe to repeat: the second answer is
 * 'Request already handled' and moves nothing.
 */
export function approveRequest(kind: QueueKind, id: number): Promise<unknown> {
  return apiSend('POST', `/admin/${kind}/${id}/approve`)
}

export function useApproveRequest(kind: QueueKind) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => approveRequest(kind, id),
    onSuccess: (_data, id) => toastSuccess(t(`review.${kind}.approved`, { id })),
    onSettled: () => invalidateAfterReview(queryClient, kind),
  })
}
