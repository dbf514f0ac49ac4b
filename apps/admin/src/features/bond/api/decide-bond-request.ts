import type { BondRequest } from '@bazaar/contract/bond'
import type { ReasonBody } from '@bazaar/contract/decision'
import { useTranslation } from 'react-i18next'
import { type DecisionQueue, useDecision } from '../../../shared/api/decision'

/** A decision changes the lists, the shops, the overview's queue count and the audit log. */
const bondRequests: DecisionQueue = { path: 'bond-requests', stale: [['bond'], ['shops'], ['overview'], ['audit']] }

/** The request decided, and its shop's name for the toast. */
type Target = { id: number; shopName: string }

/**
 * POST /api/admin/bond-requests/:id/approve: the shop goes to the lower level (or level 1 for
 * a refund), the bond difference returns to the merchant's wallet through the ledger, and
 * listings above the new count go off the shelf. Audited.
 * @throws 'Bond request not found' | 'Request already handled' | 'Orders remain unprocessed' | 'Level not found' | 'Shop not found'
 */
export function useApproveBondRequest() {
  const { t } = useTranslation()
  return useDecision<BondRequest, Target>(bondRequests, 'approve', (_request, { id, shopName }) =>
    t('bondRequests.approvedDone', { id, shop: shopName }),
  )
}

/**
 * POST /api/admin/bond-requests/:id/reject {reason}: refused; the merchant reads the reason. Audited.
 * @throws 'Bond request not found' | 'Request already handled' | 'Invalid parameters' (reason)
 */
export function useRejectBondRequest() {
  const { t } = useTranslation()
  return useDecision<BondRequest, Target, ReasonBody>(bondRequests, 'reject', (_request, { id, shopName }) =>
    t('bondRequests.rejectedDone', { id, shop: shopName }),
  )
}
