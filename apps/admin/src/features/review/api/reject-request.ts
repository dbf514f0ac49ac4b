import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'
import type { QueueKind } from './get-queue'
import { invalidateAfterReview } from './invalidate'

/**
 * POST /api/admin/{recharges|withdrawals}/:id/reject {reason}. A rejected withdrawal returns
 * the held amount to the user's balance; the reason is shown to the user.
 */
export function rejectRequest(kind: QueueKind, id: number, reason: string): Promise<unknown> {
  return apiSend('POST', `/admin/${kind}/${id}/reject`, { reason })
}

export function useRejectRequest(kind: QueueKind) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectRequest(kind, id, reason),
    onSuccess: (_data, { id }) => toastSuccess(t(`review.${kind}.rejected`, { id })),
    onSettled: () => invalidateAfterReview(queryClient, kind),
  })
}
