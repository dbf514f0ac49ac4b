import type { ReasonBody } from '@bazaar/contract/decision'
import type { Recharge, Withdrawal } from '@bazaar/contract/wallet'
import { useTranslation } from 'react-i18next'
import { type DecisionQueue, useDecision } from '../../../shared/api/decision'
import type { QueueKind } from './get-queue'

/**
 * A decision moves money and writes the audit log: the queue, the overview's counts, user
 * balances, the ledger and the audit log are all stale after it.
 */
const queueOf = (kind: QueueKind): DecisionQueue => ({
  path: kind,
  stale: [['review', kind], ['overview'], ['users'], ['ledger'], ['audit']],
})

/**
 * POST /api/admin/{recharges|withdrawals}/:id/approve. A recharge credits the wallet; a
 * withdrawal is approved once paid out, with the payout's tx hash in the body (checked
 * against its network), and takes the fee. Safe to repeat: the second answer is 'Request
 * already handled' and moves nothing.
 * @throws 'Request already handled' | 'Invalid parameters' (payoutTxHash) | 'Money Status is locked' | 'Account is locked' | 'select withdrawal network'
 */
export function useApproveRequest(kind: QueueKind) {
  const { t } = useTranslation()
  return useDecision<Recharge | Withdrawal, { id: number }, { payoutTxHash: string }>(queueOf(kind), 'approve', (_item, { id }) =>
    t(`review.${kind}.approved`, { id }),
  )
}

/**
 * POST /api/admin/{recharges|withdrawals}/:id/reject {reason}. A rejected withdrawal returns
 * the held amount to the user's balance; the reason is shown to the user.
 * @throws 'Request already handled' | 'Invalid parameters' (reason)
 */
export function useRejectRequest(kind: QueueKind) {
  const { t } = useTranslation()
  return useDecision<Recharge | Withdrawal, { id: number }, ReasonBody>(queueOf(kind), 'reject', (_item, { id }) =>
    t(`review.${kind}.rejected`, { id }),
  )
}
