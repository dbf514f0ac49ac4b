import type { Application } from '@bazaar/contract/merchant-application'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/shop-applications/:id/approve: opens the shop at level 1, makes the
 * applicant a merchant and opens the bond account. Audited.
 * @throws 'Application not found' | 'Request already handled' | 'Shop name already taken' | 'User not found'
 */
export function approveApplication(id: number): Promise<Application> {
  return apiSend<Application>('POST', `/admin/shop-applications/${id}/approve`)
}

/**
 * POST /api/admin/shop-applications/:id/reject {reason}: the applicant reads the reason and
 * may file again. Audited.
 * @throws 'Application not found' | 'Request already handled'
 */
export function rejectApplication(id: number, reason: string): Promise<Application> {
  return apiSend<Application>('POST', `/admin/shop-applications/${id}/reject`, { reason })
}

/** A decision changes the lists, the shops, the overview's queue count and the audit log. */
function invalidateAfterDecision(queryClient: QueryClient) {
  return Promise.all([['applications'], ['shops'], ['overview'], ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

export function useApproveApplication() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => approveApplication(id),
    onSuccess: (application) => toastSuccess(t('applications.approvedDone', { shop: application.shopName })),
    onSettled: () => invalidateAfterDecision(queryClient),
  })
}

export function useRejectApplication() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => rejectApplication(id, reason),
    onSuccess: (application) => toastSuccess(t('applications.rejectedDone', { shop: application.shopName })),
    onSettled: () => invalidateAfterDecision(queryClient),
  })
}
