import { ApiError } from '@bazaar/contract/api-error'
import { canDo } from '@bazaar/contract/orders-values'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { AddressText } from '../../../shared/ui/AddressText'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { NotMerchant } from '../../../shared/ui/NotMerchant'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { useShopOrder } from '../api/get-shop-order'
import { ContactLink } from '../components/ContactLink'
import { LogisticsForm } from '../components/LogisticsForm'
import { LogisticsTimeline } from '../components/LogisticsTimeline'
import { MoneyTimeline } from '../components/MoneyTimeline'
import { OrderAmounts, OrderInfo } from '../components/OrderFacts'
import { OrderLineList } from '../components/OrderLineList'
import { RefundAnswer } from '../components/RefundAnswer'
import { RefundList } from '../components/RefundList'
import { Section } from '../components/Section'
import { ShipForm } from '../components/ShipForm'
import { ShopReviews } from '../components/ShopReviews'
import { StatusBanner } from '../components/StatusBanner'
import styles from './ShopOrderDetailPage.module.css'

/**
 * /pages/shop/orderDetail?id= (SPEC §2 merchant, §4 merchant actions): the buyer and address,
 * lines and amounts, shipping (carrier and tracking number), logistics steps, after-sales
 * cases with the countdown of their step (answer within the published time: agree, agree
 * with return, or refuse with a reason; each case's page takes the later steps), and the
 * buyer's reviews with the shop's one reply.
 */
export default function ShopOrderDetailPage() {
  const { t } = useTranslation(['common', 'orders', 'merchant'])
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || 0
  const query = useShopOrder(id)
  const order = query.data
  const refetch = useCallback(() => void query.refetch(), [query.refetch])
  const header = <PageHeader title={t('orders:merchant.detailTitle')} />

  if (!order) {
    const notMerchant = query.error instanceof ApiError && query.error.key === 'Not allowed'
    return (
      <div className={styles.page}>
        {header}
        {notMerchant ? <NotMerchant /> : query.isError ? <ErrorRetry onRetry={refetch} /> : <PageSpinner />}
      </div>
    )
  }

  return (
    <div className={styles.page}>
      {header}
      <StatusBanner order={order} side="merchant" onExpire={refetch} />
      <Section
        title={
          <>
            {t('orders:merchant.buyer', { name: order.buyer.nickname })}
            <ContactLink to={{ userId: order.buyer.id }} />
          </>
        }
      >
        <AddressText address={order.address} />
      </Section>
      {canDo('ship', order.status) && <ShipForm orderId={order.id} />}
      <Section>
        <OrderLineList lines={order.lines} />
        <OrderAmounts order={order} />
      </Section>
      {order.refunds.length > 0 && (
        <Section title={t('orders:refund.listTitle')} testId="refunds">
          <RefundList order={order} viewer="merchant" onExpire={refetch} answer={(refund) => <RefundAnswer refund={refund} />} />
        </Section>
      )}
      {order.lines.some((l) => l.reviewId !== null) && <ShopReviews orderId={order.id} />}
      {order.shippedAtMs !== null && (
        <Section title={t('orders:detail.logistics')} id="logistics">
          <LogisticsTimeline carrier={order.carrier} trackingNo={order.trackingNo} events={order.logistics} />
          {canDo('addLogistics', order.status) && <LogisticsForm orderId={order.id} />}
        </Section>
      )}
      {order.paidAtMs !== null && (
        <Section title={t('merchant:money.title')} testId="order-money">
          <MoneyTimeline orderId={order.id} />
        </Section>
      )}
      <Section title={t('orders:detail.info')}>
        <OrderInfo order={order} />
      </Section>
    </div>
  )
}
