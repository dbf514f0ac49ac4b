import type { Order } from '@bazaar/contract/orders'
import Button from 'antd-mobile/es/components/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { commentHref } from '../../../shared/paths'
import { confirm } from '../../../shared/ui/dialog'
import { toast } from '../../../shared/ui/toast'
import { useCancelOrder } from '../api/cancel-order'
import { useConfirmReceipt } from '../api/confirm-receipt'
import { useNow } from '../countdown'
import { type BuyerAction, buyerActions } from '../order-view'
import styles from './BuyerActions.module.css'
import { usePrefetchSheet } from './lazy-sheet'
import { PaymentSheet, paymentSheetCode } from './sheets'

type Props = {
  order: Order
  onModifyAddress: (orderId: number) => void
  onLogistics: () => void
  onRefund: () => void
}

/**
 * The buyer's buttons for one order: only what the contract's state table allows now (pay
 * until the deadline; refund within after-sales; review while a received line has none).
 * Cancel and confirm receipt ask first.
 */
export function BuyerActions({ order, onModifyAddress, onLogistics, onRefund }: Props) {
  const { t } = useTranslation(['common', 'orders'])
  const navigate = useNavigate()
  const now = useNow(order.status === 'pending_payment')
  const cancel = useCancelOrder()
  const receive = useConfirmReceipt()
  const [paying, setPaying] = useState(false)
  const actions = buyerActions(order, now)
  usePrefetchSheet(paymentSheetCode, actions.includes('pay'))
  if (actions.length === 0) return null

  const confirmCancel = async () => {
    const yes = await confirm({
      content: t('orders:actions.cancelConfirm'),
      confirmText: t('orders:actions.cancel'),
      cancelText: t('orders:actions.keep'),
    })
    if (yes) cancel.mutate(order.id, { onSuccess: () => toast(t('orders:actions.cancelled')) })
  }

  const confirmReceive = async () => {
    const yes = await confirm({
      content: t('orders:actions.receiveConfirm'),
      confirmText: t('orders:actions.receive'),
      cancelText: t('common.cancel'),
    })
    if (yes) receive.mutate(order.id, { onSuccess: () => toast(t('orders:actions.received')) })
  }

  const buttons: Record<BuyerAction, { label: string; run: () => void; main?: boolean; busy?: boolean }> = {
    cancel: { label: t('orders:actions.cancel'), run: () => void confirmCancel(), busy: cancel.isPending },
    modifyAddress: { label: t('orders:actions.modifyAddress'), run: () => onModifyAddress(order.id) },
    logistics: { label: t('orders:actions.logistics'), run: onLogistics },
    refund: { label: t('orders:actions.refund'), run: onRefund },
    confirmReceipt: { label: t('orders:actions.receive'), run: () => void confirmReceive(), main: true, busy: receive.isPending },
    pay: { label: t('orders:actions.pay'), run: () => setPaying(true), main: true },
    review: { label: t('orders:actions.review'), run: () => navigate(commentHref(order.id)), main: true },
  }

  return (
    <div className={styles.actions}>
      {actions.map((action) => {
        const b = buttons[action]
        return (
          <Button
            key={action}
            size="small"
            shape="rounded"
            color={b.main ? 'primary' : 'default'}
            fill={b.main ? 'solid' : 'outline'}
            loading={b.busy}
            onClick={b.run}
            data-testid={`action-${action}`}
          >
            {b.label}
          </Button>
        )
      })}
      {actions.includes('pay') && (
        <PaymentSheet
          visible={paying}
          orderIds={[order.id]}
          totalCents={order.totalCents}
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
