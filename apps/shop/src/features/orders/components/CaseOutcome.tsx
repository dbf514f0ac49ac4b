import type { CaseSide } from '@bazaar/contract/aftersales-values'
import type { Refund } from '@bazaar/contract/orders'
import { useTranslation } from 'react-i18next'
import { isolateText } from '../../../shared/format/bidi'
import { Money } from '../../../shared/ui/Money'
import styles from './RefundList.module.css'

/**
 * What a case's people said and what came of it, in the reader's words: the shop's refusal,
 * the return's parcel, what the shop found in it, the platform's decision with the reason
 * both sides read, the money back (and the freight with it), or why the case closed.
 */
export function CaseOutcome({ refund, viewer }: { refund: Refund; viewer: CaseSide }) {
  const { t } = useTranslation(['common', 'orders'])
  const dispute = refund.dispute
  const lapsedReturn = refund.status === 'closed' && refund.returnByMs !== null && refund.returnShippedAtMs === null
  return (
    <>
      {refund.refuseReason && (
        <p className={`${styles.refused} ${styles.said}`} dir="auto">
          {t('orders:refund.refusedBecause', { reason: isolateText(refund.refuseReason) })}
        </p>
      )}
      {refund.returnTrackingNo && (
        <p className={styles.meta} data-testid="case-return">
          {t('orders:case.returnParcel')}{' '}
          <span dir="ltr">
            {refund.returnCarrier} {refund.returnTrackingNo}
          </span>
        </p>
      )}
      {refund.returnProblem && (
        <p className={`${styles.refused} ${styles.said}`} dir="auto" data-testid="case-return-problem">
          {t(`orders:case.problem.${refund.returnProblem}`, { note: isolateText(refund.returnNote ?? '') })}
        </p>
      )}
      {dispute && dispute.status !== 'open' && dispute.reason && (
        <p className={styles.decision} dir="auto" data-testid="case-decision">
          {t(`orders:case.decided.${dispute.status}`, { reason: isolateText(dispute.reason) })}
        </p>
      )}
      {refund.status === 'succeeded' && (
        <p className={styles.meta} data-testid="case-money">
          {t(viewer === 'buyer' ? 'orders:refund.backToWallet' : 'orders:refund.backToBuyer')} <Money cents={refund.amountCents} />
        </p>
      )}
      {refund.freightCents > 0 && (
        <p className={styles.meta}>
          {t('orders:refund.freightBack')} <Money cents={refund.freightCents} />
        </p>
      )}
      {refund.status === 'closed' && !(dispute && dispute.status === 'rejected') && (
        <p className={styles.meta} data-testid="case-closed">
          {t(lapsedReturn ? 'orders:case.closedReturnLapsed' : 'orders:case.closedAsItStood')}
        </p>
      )}
    </>
  )
}
