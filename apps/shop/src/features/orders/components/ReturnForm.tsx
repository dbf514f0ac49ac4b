import { carrierMaxLength, trackingNoMaxLength, trackingNoMinLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../shared/ui/toast'
import { useShipReturn } from '../api/ship-return'
import styles from './MerchantOrderForms.module.css'

/**
 * The buyer's return parcel (issue 23): the carrier and tracking number of the goods going
 * back (the contract's ShipBody limits). The shop then has its published time to confirm
 * the receipt; without an answer the buyer is refunded.
 */
export function ReturnForm({ refundId }: { refundId: number }) {
  const { t } = useTranslation(['common', 'orders'])
  const ship = useShipReturn()
  const [carrier, setCarrier] = useState('')
  const [trackingNo, setTrackingNo] = useState('')
  const [wrong, setWrong] = useState(false)
  const submit = () => {
    if (carrier.trim() === '' || trackingNo.trim().length < trackingNoMinLength) return setWrong(true)
    setWrong(false)
    ship.mutate(
      { refundId, carrier: carrier.trim(), trackingNo: trackingNo.trim() },
      { onSuccess: () => toast(t('orders:case.returnSent'), { icon: 'success' }) },
    )
  }
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      data-testid="return-form"
    >
      <p className={styles.shipNote}>{t('orders:case.returnHow')}</p>
      <label className={styles.field}>
        <span>{t('orders:detail.carrier')}</span>
        <Input
          value={carrier}
          onChange={setCarrier}
          maxLength={carrierMaxLength}
          placeholder={t('orders:merchant.carrierHint')}
          data-testid="return-carrier"
        />
      </label>
      <label className={styles.field}>
        <span>{t('orders:detail.trackingNo')}</span>
        <Input value={trackingNo} onChange={setTrackingNo} maxLength={trackingNoMaxLength} data-testid="return-tracking" />
      </label>
      {wrong && (
        <p className={styles.error} role="alert">
          {t('orders:merchant.shipMissing')}
        </p>
      )}
      <Button block shape="rounded" color="primary" type="submit" loading={ship.isPending} data-testid="return-submit">
        {t('orders:case.returnSubmit')}
      </Button>
    </form>
  )
}
