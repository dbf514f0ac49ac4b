import { ApiError } from '@bazaar/contract/api-error'
import type { Refund } from '@bazaar/contract/orders'
import { canDo, carrierMaxLength, logisticsMaxLength, refundReasonMaxLength, trackingNoMaxLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { AddressText } from '../../../shared/ui/AddressText'
import { confirm } from '../../../shared/ui/dialog'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { toast } from '../../../shared/ui/toast'
import { useAddLogistics } from '../api/add-logistics'
import { useAgreeRefund } from '../api/agree-refund'
import { useShopOrder } from '../api/get-shop-order'
import { useRefuseRefund } from '../api/refuse-refund'
import { useShipOrder } from '../api/ship-order'
import { ContactLink } from '../components/ContactLink'
import { LogisticsTimeline } from '../components/LogisticsTimeline'
import { NotMerchant } from '../components/NotMerchant'
import { OrderAmounts, OrderInfo } from '../components/OrderFacts'
import { OrderLineList } from '../components/OrderLineList'
import { RefundList } from '../components/RefundList'
import { Section } from '../components/Section'
import { ShopReviews } from '../components/ShopReviews'
import { StatusBanner } from '../components/StatusBanner'
import styles from './ShopOrderDetailPage.module.css'

/** The contract's limits of ShipBody, LogisticsBody and RefuseBody, in characters. */
const limits = {
  carrier: carrierMaxLength,
  trackingNo: trackingNoMaxLength,
  description: logisticsMaxLength,
  reason: refundReasonMaxLength,
}

/**
 * /pages/shop/orderDetail?id= (SPEC §2 merchant, §4 merchant actions): the buyer and address,
 * lines and amounts, shipping (carrier and tracking number), logistics steps, refunds to
 * answer within 24 hours (agree: money back at once; refuse: with a reason), and the buyer's
 * reviews with the shop's one reply.
 */
export default function ShopOrderDetailPage() {
  const { t } = useTranslation(['common', 'orders'])
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
      <Section title={t('orders:detail.info')}>
        <OrderInfo order={order} />
      </Section>
    </div>
  )
}

function ShipForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['common', 'orders'])
  const ship = useShipOrder()
  const [carrier, setCarrier] = useState('')
  const [trackingNo, setTrackingNo] = useState('')
  const [wrong, setWrong] = useState(false)
  const submit = () => {
    if (carrier.trim() === '' || trackingNo.trim().length < 3) return setWrong(true)
    ship.mutate(
      { orderId, carrier: carrier.trim(), trackingNo: trackingNo.trim() },
      { onSuccess: () => toast(t('orders:merchant.shipped'), { icon: 'success' }) },
    )
  }
  return (
    <Section title={t('orders:merchant.ship')} testId="ship-form">
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <label className={styles.field}>
          <span>{t('orders:detail.carrier')}</span>
          <Input
            value={carrier}
            onChange={setCarrier}
            maxLength={limits.carrier}
            placeholder={t('orders:merchant.carrierHint')}
            data-testid="ship-carrier"
          />
        </label>
        <label className={styles.field}>
          <span>{t('orders:detail.trackingNo')}</span>
          <Input value={trackingNo} onChange={setTrackingNo} maxLength={limits.trackingNo} data-testid="ship-tracking" />
        </label>
        {wrong && (
          <p className={styles.error} role="alert">
            {t('orders:merchant.shipMissing')}
          </p>
        )}
        <Button block shape="rounded" color="primary" type="submit" loading={ship.isPending} data-testid="ship-submit">
          {t('orders:merchant.shipSubmit')}
        </Button>
      </form>
    </Section>
  )
}

function LogisticsForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['common', 'orders'])
  const add = useAddLogistics()
  const [description, setDescription] = useState('')
  const submit = () => {
    if (description.trim() === '') return
    add.mutate({ orderId, description: description.trim() }, { onSuccess: () => setDescription('') })
  }
  return (
    <form
      className={`${styles.form} ${styles.inline}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Input
        value={description}
        onChange={setDescription}
        maxLength={limits.description}
        placeholder={t('orders:merchant.logisticsHint')}
        aria-label={t('orders:merchant.logisticsHint')}
        data-testid="logistics-input"
      />
      <Button
        shape="rounded"
        color="primary"
        fill="outline"
        type="submit"
        loading={add.isPending}
        disabled={description.trim() === ''}
        data-testid="logistics-add"
      >
        {t('orders:merchant.logisticsAdd')}
      </Button>
    </form>
  )
}

function RefundAnswer({ refund }: { refund: Refund }) {
  const { t } = useTranslation(['common', 'orders'])
  const agree = useAgreeRefund()
  const refuse = useRefuseRefund()
  const [refusing, setRefusing] = useState(false)
  const [reason, setReason] = useState('')

  const confirmAgree = async () => {
    const yes = await confirm({
      content: t('orders:merchant.agreeConfirm'),
      confirmText: t('orders:merchant.agree'),
      cancelText: t('common.cancel'),
    })
    if (yes) agree.mutate(refund.id, { onSuccess: () => toast(t('orders:merchant.agreed'), { icon: 'success' }) })
  }

  if (refusing) {
    return (
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (reason.trim())
            refuse.mutate({ refundId: refund.id, reason: reason.trim() }, { onSuccess: () => toast(t('orders:merchant.refused')) })
        }}
      >
        <textarea
          className={styles.textarea}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={limits.reason}
          rows={2}
          placeholder={t('orders:merchant.refuseHint')}
          aria-label={t('orders:merchant.refuseHint')}
          data-testid="refuse-reason"
        />
        <div className={styles.answer}>
          <Button size="small" shape="rounded" onClick={() => setRefusing(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            color="danger"
            type="submit"
            disabled={reason.trim() === ''}
            loading={refuse.isPending}
            data-testid="refuse-submit"
          >
            {t('orders:merchant.refuse')}
          </Button>
        </div>
      </form>
    )
  }
  return (
    <div className={styles.answer}>
      <Button size="small" shape="rounded" color="danger" fill="outline" onClick={() => setRefusing(true)} data-testid="refund-refuse">
        {t('orders:merchant.refuse')}
      </Button>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        onClick={() => void confirmAgree()}
        loading={agree.isPending}
        data-testid="refund-agree"
      >
        {t('orders:merchant.agree')}
      </Button>
    </div>
  )
}
