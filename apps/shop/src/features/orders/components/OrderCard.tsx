import type { Order } from '@bazaar/contract/orders'
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../../shared/ui/Money'
import { pieceCount } from '../order-view'
import { Countdown } from './Countdown'
import styles from './OrderCard.module.css'
import { OrderLineList } from './OrderLineList'

type Props = {
  order: Order
  /** The order's detail page (buyer's or merchant's). */
  href: string
  /** Shown in the header instead of the shop (the merchant sees the buyer). */
  who?: ReactNode
  actions?: ReactNode
}

/** An order in a list: shop, status, lines, total and the actions allowed now. */
export function OrderCard({ order, href, who, actions }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const openRefund = order.refunds.some((r) => r.status === 'applied')
  return (
    <article className={styles.card} data-testid="order-card" data-order-id={order.id} data-status={order.status}>
      <header className={styles.head}>
        <span className={styles.shop}>
          <ShopbagOutline aria-hidden="true" />
          <span className={styles.shopName} dir="auto">
            {who ?? order.shop.name}
          </span>
        </span>
        <span className={styles.status} data-testid="order-status">
          {t(`orders:status.${order.status}`)}
          {openRefund && <span className={styles.refunding}>{t('orders:refund.inProgress')}</span>}
        </span>
      </header>
      <OrderLineList lines={order.lines} href={href} />
      <div className={styles.total}>
        {order.status === 'pending_payment' && order.payByMs > Date.now() && (
          <span className={styles.payBy}>
            {t('orders:card.payWithin')} <Countdown untilMs={order.payByMs} />
          </span>
        )}
        <span>
          {t('orders:card.total', { count: pieceCount(order) })} <Money cents={order.totalCents} className={styles.money} />
        </span>
      </div>
      {actions && <footer className={styles.actions}>{actions}</footer>}
    </article>
  )
}
