import type { Order } from '@bazaar/contract/orders'
import { useTranslation } from 'react-i18next'
import { Countdown } from './Countdown'
import styles from './StatusBanner.module.css'

/**
 * The order's state with what happens next: pay within (then cancelled), automatic receipt
 * in (then confirmed), the after-sales deadline. The merchant reads the same clock.
 */
export function StatusBanner({ order, side, onExpire }: { order: Order; side: 'buyer' | 'merchant'; onExpire?: () => void }) {
  const { t } = useTranslation(['common', 'orders'])
  let next = null
  if (order.status === 'pending_payment' && order.payByMs > Date.now()) {
    next = (
      <>
        {t(`orders:banner.${side}.payWithin`)} <Countdown untilMs={order.payByMs} onExpire={onExpire} className={styles.clock} />
      </>
    )
  } else if (order.status === 'to_receive' && order.autoReceiveAtMs !== null) {
    next = (
      <>
        {t(`orders:banner.${side}.autoReceive`)} <Countdown untilMs={order.autoReceiveAtMs} onExpire={onExpire} className={styles.clock} />
      </>
    )
  } else {
    next = t(`orders:banner.${side}.${order.status}`)
  }
  return (
    <div className={styles.banner} data-testid="status-banner">
      <h2 className={styles.status} data-testid="order-status">
        {t(`orders:status.${order.status}`)}
      </h2>
      <p className={styles.next}>{next}</p>
    </div>
  )
}
