import { ApiError } from '@bazaar/contract/api-error'
import { canDo } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline'
import FileWrongOutline from 'antd-mobile-icons/es/FileWrongOutline'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ordersHref, shopHomeHref } from '../../../shared/paths'
import { AddressText } from '../../../shared/ui/AddressText'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { Money } from '../../../shared/ui/Money'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { useOrder } from '../api/get-order'
import { BuyerActions } from '../components/BuyerActions'
import { ContactLink } from '../components/ContactLink'
import { LogisticsTimeline } from '../components/LogisticsTimeline'
import { usePrefetchSheet } from '../components/lazy-sheet'
import { OrderAmounts, OrderInfo } from '../components/OrderFacts'
import { OrderLineList } from '../components/OrderLineList'
import { RefundList } from '../components/RefundList'
import { Section } from '../components/Section'
import { StatusBanner } from '../components/StatusBanner'
import { RefundSheet, refundSheetCode } from '../components/sheets'
import { useOrderAddressPick } from '../hooks/useOrderAddressPick'
import { lineAmountLabel, refundableLines } from '../order-view'
import styles from './OrderDetailPage.module.css'

/**
 * /pages/member/orderDetail?id= (SPEC §2, §3 Order and Refund): state and deadline, address,
 * lines, amounts, refunds with the shop's answer countdown, logistics, order facts, and the
 * actions allowed now; ?refund=1 opens the refund application, ?show=logistics scrolls there.
 */
export default function OrderDetailPage() {
  const { t } = useTranslation(['common', 'orders', 'coupons'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || 0
  const query = useOrder(id)
  const order = query.data
  const pickAddress = useOrderAddressPick(id > 0 ? [id] : [])
  const [refundOpen, setRefundOpen] = useState(params.get('refund') === '1')
  const [refundLine, setRefundLine] = useState<number | undefined>(undefined)
  const refetch = useCallback(() => void query.refetch(), [query.refetch])

  usePrefetchSheet(refundSheetCode, order !== undefined && refundableLines(order, Date.now()).length > 0)
  const show = params.get('show')
  const loaded = order !== undefined
  useEffect(() => {
    if (loaded && show === 'logistics') document.getElementById('logistics')?.scrollIntoView({ block: 'start' })
  }, [loaded, show])

  const header = <PageHeader title={t('orders:detail.title')} />
  if (!order) {
    const missing = id === 0 || (query.error instanceof ApiError && query.error.key === 'Order not found')
    return (
      <div className={styles.page}>
        {header}
        {missing ? (
          <EmptyState
            icon={<FileWrongOutline />}
            title={t('orders:detail.notFound')}
            action={
              <Button block shape="rounded" color="primary" onClick={() => navigate(ordersHref())}>
                {t('orders:list.title')}
              </Button>
            }
          />
        ) : query.isError ? (
          <ErrorRetry onRetry={refetch} />
        ) : (
          <PageSpinner />
        )}
      </div>
    )
  }

  const refundable = new Set(refundableLines(order, Date.now()).map((l) => l.id))
  const openRefund = (lineId?: number) => {
    setRefundLine(lineId)
    setRefundOpen(true)
  }

  return (
    <div className={styles.page}>
      {header}
      <StatusBanner order={order} side="buyer" onExpire={refetch} />
      <Section testId="order-address">
        <div className={styles.address}>
          <EnvironmentOutline className={styles.pin} aria-hidden="true" />
          <AddressText address={order.address} />
          {canDo('modifyAddress', order.status) && (
            <button type="button" className={styles.change} onClick={() => pickAddress(order.id)} data-testid="change-address">
              {t('orders:actions.modifyAddress')}
            </button>
          )}
        </div>
      </Section>
      <Section
        title={
          <>
            <Link to={shopHomeHref(order.shop.id)} className={styles.shop}>
              {order.shop.name}
            </Link>
            <ContactLink to={{ shopId: order.shop.id }} />
          </>
        }
      >
        <OrderLineList
          lines={order.lines}
          extra={(line) => (
            <>
              {line.couponShareCents > 0 && (
                <span className={styles.netPaid} data-testid="line-net-paid">
                  {t(`coupons:order.${lineAmountLabel(order)}`)} <Money cents={line.netPaidCents} />
                </span>
              )}
              {line.refundedCents > 0 && (
                <span className={styles.refunded}>
                  {t('orders:detail.lineRefunded')} <Money cents={line.refundedCents} />
                </span>
              )}
              {refundable.has(line.id) && (
                <button type="button" className={styles.lineRefund} onClick={() => openRefund(line.id)} data-testid="line-refund">
                  {t('orders:actions.refund')}
                </button>
              )}
            </>
          )}
        />
        <OrderAmounts order={order} />
      </Section>
      {order.refunds.length > 0 && (
        <Section title={t('orders:refund.listTitle')} testId="refunds">
          <RefundList order={order} viewer="buyer" onExpire={refetch} />
        </Section>
      )}
      {order.shippedAtMs !== null && (
        <Section title={t('orders:detail.logistics')} id="logistics">
          <LogisticsTimeline carrier={order.carrier} trackingNo={order.trackingNo} events={order.logistics} />
        </Section>
      )}
      <Section title={t('orders:detail.info')}>
        <OrderInfo order={order} />
      </Section>
      <div className={styles.bar}>
        <BuyerActions
          order={order}
          onModifyAddress={pickAddress}
          onLogistics={() => document.getElementById('logistics')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
          onRefund={() => openRefund()}
        />
      </div>
      <RefundSheet order={order} visible={refundOpen} initialLineId={refundLine} onClose={() => setRefundOpen(false)} />
    </div>
  )
}
