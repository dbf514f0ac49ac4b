import type { ReviewRecord } from '@bazaar/contract/review'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/reviews/:id/hide {reason}: the review leaves the product page and its
 * figures; its author sees the reason. Audit-logged.
 * @throws 'Review not found' | 'Review already hidden'
 */
export function hideReview(id: number, reason: string): Promise<ReviewRecord> {
  return apiSend<ReviewRecord>('POST', `/admin/reviews/${id}/hide`, { reason })
}

export function useHideReview() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => hideReview(id, reason),
    onSuccess: (_data, { id }) => toastSuccess(t('moderation.hiddenDone', { id })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['moderation'] }), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  })
}
