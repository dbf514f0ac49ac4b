import type { Order, Refund } from '@bazaar/contract/orders'
import { canDoRefund } from '@bazaar/contract/orders-values'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { Money } from '../../../shared/ui/Money'
import { Countdown } from './Countdown'
import styles from './RefundList.module.css'

type Props = {
  order: Order
  /** Who reads the list: the money goes back to the buyer, said to each in their words. */
  viewer: 'buyer' | 'merchant'
  /** The merchant's buttons under a refund waiting for an answer. */
  answer?: (refund: Refund) => ReactNode
  onExpire?: () => void
}

/**
 * An order's refunds (SPEC §3 Refund, §4): number, item, amount, reason, state, and while
 * the shop has not answered, the time it has left (23 h 59 min 51 s); then it is agreed.
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
              <span className={styles.meta} dir="ltr">
                {refund.refundNo}
              </span>
            </div>
            <p className={styles.reason} dir="auto">
              {t('orders:refund.reasonIs', { reason: refund.reason })}
            </p>
            {refund.status === 'applied' && (
              <p className={styles.wait}>
                {t('orders:refund.answerWithin')}{' '}
                <Countdown untilMs={refund.respondByMs} className={styles.countdown} onExpire={onExpire} />
              </p>
            )}
            {refund.status === 'refused' && refund.refuseReason && (
              <p className={styles.refused} dir="auto">
                {t('orders:refund.refusedBecause', { reason: refund.refuseReason })}
              </p>
            )}
            {refund.status === 'succeeded' && (
              <p className={styles.meta}>{t(viewer === 'buyer' ? 'orders:refund.backToWallet' : 'orders:refund.backToBuyer')}</p>
            )}
            {refund.freightCents > 0 && (
              <p className={styles.meta}>
                {t('orders:refund.freightBack')} <Money cents={refund.freightCents} />
              </p>
            )}
            <p className={styles.meta}>{t('orders:refund.appliedAt', { time: formatDateTime(refund.appliedAtMs, locale) })}</p>
            {canDoRefund('agree', refund.status) && answer?.(refund)}
          </li>
        )
      })}
    </ul>
  )
}
