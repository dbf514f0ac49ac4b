import type { Order } from '@bazaar/contract/orders'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/format/time'
import { useLocale } from '../../../shared/i18n/language'
import { Money } from '../../../shared/ui/Money'
import styles from './OrderFacts.module.css'

type Amounts = Pick<Order, 'productTotalCents' | 'freightCents' | 'totalCents' | 'refundedCents'> &
  Partial<Pick<Order, 'couponCents' | 'coupon'>>

/** Product total, freight, the coupon, actual payment and refunds: the server's figures, formatted only. */
export function OrderAmounts({ order }: { order: Amounts }) {
  const { t } = useTranslation(['common', 'orders', 'coupons'])
  const couponCents = order.couponCents ?? 0
  return (
    <dl className={styles.facts}>
      <dt>{t('orders:amounts.products')}</dt>
      <dd>
        <Money cents={order.productTotalCents} />
      </dd>
      <dt>{t('orders:amounts.freight')}</dt>
      <dd>{order.freightCents === 0 ? t('orders:amounts.free') : <Money cents={order.freightCents} />}</dd>
      {couponCents > 0 && (
        <>
          <dt>
            {t('coupons:order.coupon')}
            {order.coupon && (
              <span className={styles.note}>
                {' '}
                <bdi>{order.coupon.title}</bdi> · {t(order.coupon.issuer === 'platform' ? 'coupons:order.platform' : 'coupons:order.shop')}
              </span>
            )}
          </dt>
          <dd data-testid="coupon-total">
            −<Money cents={couponCents} />
          </dd>
        </>
      )}
      <dt className={styles.strong}>{t('orders:amounts.paid')}</dt>
      <dd className={styles.strong}>
        <Money cents={order.totalCents} className={styles.total} />
      </dd>
      {order.refundedCents > 0 && (
        <>
          <dt>{t('orders:amounts.refunded')}</dt>
          <dd data-testid="refunded-total">
            <Money cents={order.refundedCents} />
          </dd>
        </>
      )}
    </dl>
  )
}

/** Order number, the moments of its life, the remark and the after-sales deadline. */
export function OrderInfo({ order }: { order: Order }) {
  const { t } = useTranslation(['common', 'orders'])
  const { locale } = useLocale()
  const moments: [string, number | null][] = [
    [t('orders:info.created'), order.createdAtMs],
    [t('orders:info.paid'), order.paidAtMs],
    [t('orders:info.shipped'), order.shippedAtMs],
    [t('orders:info.received'), order.receivedAtMs],
    [t('orders:info.completed'), order.completedAtMs],
    [t('orders:info.cancelled'), order.cancelledAtMs],
    [t('orders:info.afterSalesUntil'), order.afterSalesUntilMs],
  ]
  return (
    <dl className={styles.facts}>
      <dt>{t('orders:info.orderNo')}</dt>
      <dd dir="ltr" data-testid="order-no">
        {order.orderNo}
      </dd>
      {moments.map(([label, ms]) =>
        ms === null ? null : (
          <div key={label} className={styles.pair}>
            <dt>{label}</dt>
            <dd>{formatDateTime(ms, locale)}</dd>
          </div>
        ),
      )}
      <dt>{t('orders:info.remark')}</dt>
      <dd dir="auto">{order.remark || t('orders:info.noRemark')}</dd>
    </dl>
  )
}
