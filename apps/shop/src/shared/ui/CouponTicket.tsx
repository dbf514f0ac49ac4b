import type { Coupon } from '@bazaar/contract/coupon'
import { formatUsd } from '@bazaar/contract/money-format'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useCouponEnd } from '../api/rules/get-rules'
import { formatPercent } from '../format/numbers'
import { useLocale } from '../i18n/language'
import styles from './CouponTicket.module.css'

/** An amount kept in one left-to-right piece inside right-to-left text (LRI … PDI), as `Money` shows it. */
const isolate = (text: string) => `\u2066${text}\u2069`

type Props = {
  coupon: Coupon
  /** A state mark beside the title (new, used, expired). */
  badge?: ReactNode
  /** The ticket's button (claim, use). */
  action?: ReactNode
  /** Greyed: used or expired. */
  dim?: boolean
  /** The narrow ticket of a product or shop page's strip. */
  compact?: boolean
  testId?: string
}

/**
 * A coupon drawn as a ticket (SPEC §3 Coupon): its value (an amount, or a percentage for a
 * full discount), its threshold, name, issuer and kind, and its last valid day in the
 * platform's time zone (with 23:59 and the zone for a reader on another clock; the line keeps
 * its height until the zone is known). Display only: the discount an order gets is always the
 * server's.
 */
export function CouponTicket({ coupon, badge, action, dim = false, compact = false, testId }: Props) {
  const { t } = useTranslation('coupons')
  const { locale } = useLocale()
  const couponEnd = useCouponEnd()
  const value =
    coupon.kind === 'full_discount'
      ? t('percentOff', { percent: formatPercent(coupon.percentOff * 100, locale) })
      : isolate(formatUsd(coupon.amountCents, locale))
  const condition = coupon.thresholdCents > 0 ? t('over', { amount: isolate(formatUsd(coupon.thresholdCents, locale)) }) : t('noMinimum')
  const classes = [styles.ticket, dim ? styles.dim : '', compact ? styles.compact : ''].filter(Boolean).join(' ')
  return (
    <div className={classes} data-testid={testId} data-coupon={coupon.id}>
      <div className={styles.value}>
        <strong className={styles.amount}>{value}</strong>
        <span className={styles.condition}>{condition}</span>
      </div>
      <div className={styles.body}>
        <span className={styles.title}>
          <bdi>{coupon.title}</bdi>
          {badge}
        </span>
        {!compact && (
          <span className={styles.meta}>
            <bdi>{coupon.shop?.name ?? t('platform')}</bdi> · {t(`kinds.${coupon.kind}`)}
          </span>
        )}
        <span className={`${styles.meta} ${styles.until}`} data-testid="coupon-until">
          {couponEnd ? t('until', { date: couponEnd(coupon.endsAtMs) }) : '\u00a0'}
        </span>
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}

/** A small state mark for a ticket's title. */
export function CouponBadge({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'grey' }) {
  return <span className={tone === 'brand' ? styles.badge : `${styles.badge} ${styles.grey}`}>{children}</span>
}
