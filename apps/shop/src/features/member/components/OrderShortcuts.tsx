import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatCount } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { ordersHref } from '../../../shared/paths'
import { type Counts, useOrderCounts } from '../api/get-order-counts'
import { Icon, type IconName } from './icons'
import styles from './OrderShortcuts.module.css'

/** SPEC §2 member home: unpaid, to ship, to receive, to review, returns — each the order list's tab. */
const shortcuts: { tab: string; count: keyof Counts; icon: IconName }[] = [
  { tab: 'pending_payment', count: 'pendingPayment', icon: 'card' },
  { tab: 'to_ship', count: 'toShip', icon: 'box' },
  { tab: 'to_receive', count: 'toReceive', icon: 'truck' },
  { tab: 'to_review', count: 'toReview', icon: 'star' },
  { tab: 'returns', count: 'returns', icon: 'undo' },
]

/** 'My orders' with the five shortcuts and their counts (GET /api/orders/counts). */
export function OrderShortcuts() {
  const { t } = useTranslation('account')
  const { locale } = useLocale()
  const counts = useOrderCounts(true)
  return (
    <section className={styles.card} aria-labelledby="orders-heading">
      <div className={styles.head}>
        <h2 className={styles.title} id="orders-heading">
          {t('member.orders')}
        </h2>
        <Link to={ordersHref()} className={styles.all} data-testid="orders-all">
          {t('member.allOrders')}
          <Icon name="chevron" className="bz-flip" />
        </Link>
      </div>
      <ul className={styles.grid}>
        {shortcuts.map(({ tab, count, icon }) => {
          const name = t(`member.shortcut.${count}`)
          const n = counts.data?.[count] ?? 0
          return (
            <li key={tab}>
              <Link
                to={ordersHref(tab)}
                className={styles.item}
                data-testid={`orders-${tab}`}
                aria-label={n > 0 ? t('member.countLabel', { name, amount: n }) : name}
              >
                <span className={styles.icon} aria-hidden="true">
                  <Icon name={icon} />
                  {n > 0 && <span className={styles.badge}>{n > 99 ? '99+' : formatCount(n, locale)}</span>}
                </span>
                <span className={styles.label}>{name}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
