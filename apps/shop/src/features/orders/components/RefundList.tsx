import type { CaseSide } from '@bazaar/contract/aftersales-values'
import type { Order, Refund } from '@bazaar/contract/orders'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { refundCaseHref, shopRefundCaseHref } from '../../../shared/paths'
import { Money } from '../../../shared/ui/Money'
import { CaseDeadline } from './CaseDeadline'
import { CaseOutcome } from './CaseOutcome'
import styles from './RefundList.module.css'

type Props = {
  order: Order
  /** Who reads the list: each step is said to each side in their words. */
  viewer: CaseSide
  /** The merchant's answer under a case waiting for it. */
  answer?: (refund: Refund) => ReactNode
  onExpire?: () => void
}

/** The case page of a case, for the side reading it. */
export const caseHref = (viewer: CaseSide, refund: Pick<Refund, 'orderId' | 'id'>) =>
  viewer === 'buyer' ? refundCaseHref(refund.orderId, refund.id) : shopRefundCaseHref(refund.orderId, refund.id)

/**
 * An order's after-sales cases (SPEC §3 Refund, §4; issue 23), newest first: item and units,
 * the money, the kind and the state, what the case waits for with its countdown, the reasons,
 * the outcome, and a link to the case page where its next step is taken.
 */
export function RefundList({ order, viewer, answer, onExpire }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  return (
    <ul className={styles.list}>
      {[...order.refunds].reverse().map((refund) => {
        const line = order.lines.find((l) => l.id === refund.lineId)
        return (
          <li key={refund.id} className={styles.refund} data-testid="refund" data-status={refund.status}>
            <div className={styles.row}>
              <span className={styles.title} dir="auto">
                {line?.title} <span className={styles.units}>× {refund.quantity}</span>
              </span>
              <Money cents={refund.amountCents} className={styles.amount} />
            </div>
            <div className={styles.row}>
              <span className={`${styles.status} ${styles[refund.status]}`} data-testid="refund-status">
                {t(`orders:refund.status.${refund.status}`)}
              </span>
              <span className={styles.meta}>{t(`orders:case.kind.${refund.kind}`)}</span>
            </div>
            <p className={styles.reason} dir="auto">
              {t('orders:refund.reasonIs', { reason: refund.reason })}
            </p>
            <CaseDeadline refund={refund} viewer={viewer} onExpire={onExpire} />
            <CaseOutcome refund={refund} viewer={viewer} />
            <div className={styles.row}>
              <span className={styles.meta} dir="ltr">
                {refund.refundNo}
              </span>
              <span className={styles.meta}>{t('orders:refund.appliedAt', { time: formatDateTime(refund.appliedAtMs, locale) })}</span>
            </div>
            {refund.status === 'applied' && answer?.(refund)}
            <Link to={caseHref(viewer, refund)} className={styles.open} data-testid="refund-open">
              {t('orders:case.open')}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
