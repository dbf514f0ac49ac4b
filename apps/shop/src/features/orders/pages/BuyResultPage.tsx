import { maxOrdersPerPayment } from '@bazaar/contract/orders-values'
import { useQueries } from '@tanstack/react-query'
import Button from 'antd-mobile/es/components/button'
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill'
import ClockCircleFill from 'antd-mobile-icons/es/ClockCircleFill'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { orderDetailHref, ordersHref, paths } from '../../../shared/paths'
import { Money } from '../../../shared/ui/Money'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { toast } from '../../../shared/ui/toast'
import { orderQuery } from '../api/get-order'
import { Countdown } from '../components/Countdown'
import { usePrefetchSheet } from '../components/lazy-sheet'
import { PaymentSheet, paymentSheetCode } from '../components/sheets'
import styles from './BuyResultPage.module.css'

/**
 * /pages/buy/result?ids=… (SPEC §2: the submitted-order result): paid, or waiting for payment
 * with the time left and 'pay now'; then 'view order' and 'continue shopping'.
 */
export default function BuyResultPage() {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, maxOrdersPerPayment)
  const queries = useQueries({ queries: ids.map((id) => orderQuery(id)) })
  const [paying, setPaying] = useState(false)
  const orders = queries.flatMap((q) => (q.data ? [q.data] : []))
  const loading = queries.some((q) => q.isPending)
  const unpaid = orders.filter((o) => o.status === 'pending_payment' && o.payByMs > Date.now())
  const totalCents = orders.reduce((sum, o) => sum + o.totalCents, 0)
  const unpaidCents = unpaid.reduce((sum, o) => sum + o.totalCents, 0)
  const payBy = Math.min(...unpaid.map((o) => o.payByMs))
  usePrefetchSheet(paymentSheetCode, unpaid.length > 0)

  const viewOrder = () => {
    const only = orders.length === 1 ? orders[0] : undefined
    navigate(only ? orderDetailHref(only.id) : ordersHref(unpaid.length > 0 ? 'pending_payment' : 'to_ship'))
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('orders:result.title')} />
      {loading ? (
        <PageSpinner />
      ) : (
        <div className={styles.result} data-testid="buy-result" data-paid={unpaid.length === 0}>
          {unpaid.length === 0 ? (
            <CheckCircleFill className={styles.ok} aria-hidden="true" />
          ) : (
            <ClockCircleFill className={styles.wait} aria-hidden="true" />
          )}
          <h2 className={styles.title}>{unpaid.length === 0 ? t('orders:result.paid') : t('orders:result.unpaid')}</h2>
          <p className={styles.hint}>
            {unpaid.length === 0 ? (
              t('orders:result.paidHint', { count: orders.length })
            ) : (
              <>
                {t('orders:result.payWithin')} <Countdown untilMs={payBy} className={styles.clock} />
              </>
            )}
          </p>
          <Money cents={unpaid.length > 0 ? unpaidCents : totalCents} className={styles.amount} />
          <div className={styles.actions}>
            {unpaid.length > 0 && (
              <Button block shape="rounded" color="primary" onClick={() => setPaying(true)} data-testid="result-pay">
                {t('orders:result.payNow')}
              </Button>
            )}
            <Button block shape="rounded" color="primary" fill="outline" onClick={viewOrder} data-testid="result-view">
              {t('orders:result.view')}
            </Button>
            <Button block shape="rounded" fill="none" onClick={() => navigate(paths.home)} data-testid="result-continue">
              {t('orders:result.continue')}
            </Button>
          </div>
        </div>
      )}
      {unpaid.length > 0 && (
        <PaymentSheet
          visible={paying}
          orderIds={unpaid.map((o) => o.id)}
          totalCents={unpaidCents}
          onPaid={() => {
            setPaying(false)
            toast(t('orders:pay.paid'), { icon: 'success' })
          }}
          onClose={() => setPaying(false)}
        />
      )}
    </div>
  )
}
