import type { BondRequest } from '@bazaar/contract/bond'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiSend } from '../../../shared/api/client'
import { toastSuccess } from '../../../shared/ui/toast'

/**
 * POST /api/admin/bond-requests/:id/approve: the shop goes to the lower level (or level 1 for
 * a refund), the bond difference returns to the merchant's wallet through the ledger, and
 * listings above the new count go off the shelf. Audited.
 * @throws 'Bond request not found' | 'Request already handled' | 'Orders remain unprocessed' | 'Level not found' | 'Shop not found'
 */
export function approveBondRequest(id: number): Promise<BondRequest> {
  return apiSend<BondRequest>('POST', `/admin/bond-requests/${id}/approve`)
}

/**
 * POST /api/admin/bond-requests/:id/reject {reason}: refused; the merchant reads the reason. Audited.
 * @throws 'Bond request not found' | 'Request already handled'
 */
export function rejectBondRequest(id: number, reason: string): Promise<BondRequest> {
  return apiSend<BondRequest>('POST', `/admin/bond-requests/${id}/reject`, { reason })
}

function invalidateAfterDecision(queryClient: QueryClient) {
  return Promise.all([['bond'], ['shops'], ['overview'], ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

export function useApproveBondRequest() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: number; shopName: string }) => approveBondRequest(id),
    onSuccess: (_data, { id, shopName }) => toastSuccess(t('bondRequests.approvedDone', { id, shop: shopName })),
    onSettled: () => invalidateAfterDecision(queryClient),
  })
}

export function useRejectBondRequest() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string; shopName: string }) => rejectBondRequest(id, reason),
    onSuccess: (_data, { id, shopName }) => toastSuccess(t('bondRequests.rejectedDone', { id, shop: shopName })),
    onSettled: () => invalidateAfterDecision(queryClient),
  })
}
