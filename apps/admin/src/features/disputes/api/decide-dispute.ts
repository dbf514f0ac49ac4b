import type { ReasonBody } from '@bazaar/contract/decision'
import type { AdminDispute, DisputeRefundBody } from '@bazaar/contract/disputes'
import { useTranslation } from 'react-i18next'
import { type DecisionQueue, useDecision } from '../../../shared/api/decision'

/** A decision changes the queue and the dispute, moves money (the ledger) and writes the audit log. */
const disputes: DecisionQueue = { path: 'disputes', stale: [['disputes'], ['ledger'], ['overview'], ['audit']] }

/** The dispute decided, and its case number for the toast. */
type Target = { id: number; refundNo: string }

/**
 * POST /api/admin/disputes/:id/approve {quantity, reason}: refunds that many of the case's
 * units (all: full; fewer: partial) from escrow through the ledger; both sides read the
 * reason. Audited.
 * @throws 'Dispute not found' | 'Request already handled' | 'Refund quantity exceeds the units left' | 'Invalid parameters'
 */
export function useRefundDispute() {
  const { t } = useTranslation()
  return useDecision<AdminDispute, Target, DisputeRefundBody>(disputes, 'approve', (decided, { refundNo }) =>
    t('disputes.refundedDone', { refundNo, count: decided.refundedQuantity }),
  )
}

/**
 * POST /api/admin/disputes/:id/reject {reason}: the case closes, nothing moves; both sides
 * read the reason. Audited.
 * @throws 'Dispute not found' | 'Request already handled' | 'Invalid parameters'
 */
export function useRejectDispute() {
  const { t } = useTranslation()
  return useDecision<AdminDispute, Target, ReasonBody>(disputes, 'reject', (_d, { refundNo }) => t('disputes.rejectedDone', { refundNo }))
}
