import type { ReasonBody } from '@bazaar/contract/decision'
import type { Application } from '@bazaar/contract/merchant-application'
import { useTranslation } from 'react-i18next'
import { type DecisionQueue, useDecision } from '../../../shared/api/decision'

/** A decision changes the lists, the shops, the overview's queue count and the audit log. */
const applications: DecisionQueue = { path: 'shop-applications', stale: [['applications'], ['shops'], ['overview'], ['audit']] }

/**
 * POST /api/admin/shop-applications/:id/approve: opens the shop at level 1, makes the
 * applicant a merchant and opens the bond account. Audited.
 * @throws 'Application not found' | 'Request already handled' | 'Shop name already taken' | 'User not found'
 */
export function useApproveApplication() {
  const { t } = useTranslation()
  return useDecision<Application>(applications, 'approve', (application) => t('applications.approvedDone', { shop: application.shopName }))
}

/**
 * POST /api/admin/shop-applications/:id/reject {reason}: the applicant reads the reason and
 * may file again. Audited.
 * @throws 'Application not found' | 'Request already handled' | 'Invalid parameters' (reason)
 */
export function useRejectApplication() {
  const { t } = useTranslation()
  return useDecision<Application, { id: number }, ReasonBody>(applications, 'reject', (application) =>
    t('applications.rejectedDone', { shop: application.shopName }),
  )
}
