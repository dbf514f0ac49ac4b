import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { Delayed } from '../../../shared/ui/Delayed'
import { Money } from '../../../shared/ui/Money'
import { useOrderMoney } from '../api/get-order-money'
import styles from './MoneyTimeline.module.css'
import trail from './Timeline.module.css'

/** Kinds whose money leaves the merchant (shown with a minus). */
const outgoing = new Set(['purchase_paid', 'refunded'])

/**
 * The merchant's view of an order's money (ARCHITECTURE.md money flows): the buyer's payment
 * into escrow, the purchase price paid at shipping, refunds, the after-sales window's end
 * (expected while ahead) and the settlement to the merchant's balance.
 */
export function MoneyTimeline({ orderId }: { orderId: number }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const query = useOrderMoney(orderId)
  if (!query.data) {
    return (
      <Delayed>
        <div className={`${styles.skeleton} bz-shimmer`} />
      </Delayed>
    )
  }
  const { events } = query.data
  if (events.length === 0) return <p className={styles.none}>{t('money.none')}</p>
  return (
    <ol className={trail.timeline} data-testid="money-timeline">
      {events.map((e) => (
        <li
          key={`${e.kind}-${e.atMs}-${e.amountCents}`}
          className={e.expected ? `${trail.event} ${styles.event} ${styles.expected}` : `${trail.event} ${styles.event}`}
          data-kind={e.kind}
        >
          <span className={styles.what}>
            {t(`money.kinds.${e.kind}`)}
            {e.expected && <span className={styles.tag}>{t('money.expected')}</span>}
          </span>
          {e.amountCents !== null && (
            <span className={outgoing.has(e.kind) ? styles.out : styles.in} dir="ltr">
              {outgoing.has(e.kind) ? '−' : '+'}
              <Money cents={e.amountCents} />
            </span>
          )}
          <time className={styles.time} dateTime={new Date(e.atMs).toISOString()}>
            {formatDateTime(e.atMs, locale)}
          </time>
        </li>
      ))}
    </ol>
  )
}
