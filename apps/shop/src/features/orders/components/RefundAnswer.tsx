import type { Refund } from '@bazaar/contract/orders'
import { refundReasonMaxLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { confirm } from '../../../shared/ui/dialog'
import { toast } from '../../../shared/ui/toast'
import { useAgreeRefund } from '../api/agree-refund'
import { useAgreeReturn } from '../api/agree-return'
import { useRefuseRefund } from '../api/refuse-refund'
import styles from './MerchantOrderForms.module.css'

/**
 * The merchant's answer to an open case (SPEC §4; issue 23): agree after a confirmation
 * (money back at once, the buyer keeps the goods), for a 'return and refund' case agree with
 * return (refunded once the goods are back), or refuse with a reason both sides read (the
 * contract's RefuseBody limit; either side may then ask the platform to decide).
 */
export function RefundAnswer({ refund }: { refund: Refund }) {
  const { t } = useTranslation(['common', 'orders'])
  const agree = useAgreeRefund()
  const agreeReturn = useAgreeReturn()
  const isReturn = refund.kind === 'return_and_refund'
  const refuse = useRefuseRefund()
  const [refusing, setRefusing] = useState(false)
  const [reason, setReason] = useState('')

  const confirmAgree = async () => {
    const yes = await confirm({
      content: t(isReturn ? 'orders:merchant.keepConfirm' : 'orders:merchant.agreeConfirm'),
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
          maxLength={refundReasonMaxLength}
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
        fill={isReturn ? 'outline' : 'solid'}
        onClick={() => void confirmAgree()}
        loading={agree.isPending}
        data-testid="refund-agree"
      >
        {t(isReturn ? 'orders:merchant.agreeKeep' : 'orders:merchant.agree')}
      </Button>
      {isReturn && (
        <Button
          size="small"
          shape="rounded"
          color="primary"
          onClick={() => agreeReturn.mutate(refund.id, { onSuccess: () => toast(t('orders:merchant.returnAgreed'), { icon: 'success' }) })}
          loading={agreeReturn.isPending}
          data-testid="refund-agree-return"
        >
          {t('orders:merchant.agreeReturn')}
        </Button>
      )}
    </div>
  )
}
