import { ApiError } from '@bazaar/contract/api-error'
import { carrierMaxLength, trackingNoMaxLength } from '@bazaar/contract/orders-values'
import Button from 'antd-mobile/es/components/button'
import Input from 'antd-mobile/es/components/input'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useWallet } from '../../../shared/api/wallet/get-wallet'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useIdempotencyKey } from '../../../shared/hooks/useIdempotencyKey'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { toast, toastError } from '../../../shared/ui/toast'
import { useShipOrder } from '../api/ship-order'
import styles from './MerchantOrderForms.module.css'
import { Section } from './Section'

/**
 * The merchant's shipping form (SPEC §4 merchant actions): carrier and tracking number (the
 * contract's ShipBody limits); shipping pays the purchase price from the wallet, and a short
 * wallet links to the recharge page.
 */
export function ShipForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['common', 'orders', 'merchant'])
  const { locale } = useLocale()
  const ship = useShipOrder()
  const wallet = useWallet()
  const key = useIdempotencyKey()
  const [carrier, setCarrier] = useState('')
  const [trackingNo, setTrackingNo] = useState('')
  const [wrong, setWrong] = useState(false)
  const [short, setShort] = useState(false)
  const submit = () => {
    if (carrier.trim() === '' || trackingNo.trim().length < 3) return setWrong(true)
    setWrong(false)
    // Shipping pays the purchase price (SPEC §4 merchant actions): one key per attempt, kept until an answer.
    const body = { orderId, carrier: carrier.trim(), trackingNo: trackingNo.trim() }
    ship.mutate(
      { ...body, idempotencyKey: key.take(body) },
      {
        onSettled: (_order, error) => key.settle(error),
        onSuccess: () => toast(t('orders:merchant.shipped'), { icon: 'success' }),
        onError: (error) => {
          const insufficient = error instanceof ApiError && error.key === 'Insufficient balance'
          setShort(insufficient)
          if (!insufficient && error instanceof ApiError) toastError(error.key)
        },
      },
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
            maxLength={carrierMaxLength}
            placeholder={t('orders:merchant.carrierHint')}
            data-testid="ship-carrier"
          />
        </label>
        <label className={styles.field}>
          <span>{t('orders:detail.trackingNo')}</span>
          <Input value={trackingNo} onChange={setTrackingNo} maxLength={trackingNoMaxLength} data-testid="ship-tracking" />
        </label>
        {wrong && (
          <p className={styles.error} role="alert">
            {t('orders:merchant.shipMissing')}
          </p>
        )}
        <p className={styles.shipNote} data-testid="ship-note">
          {t('merchant:ship.note')}
          {wallet.data && <> {t('merchant:ship.balance', { balance: formatUsdInText(wallet.data.availableCents, locale) })}</>}
        </p>
        {short && (
          <p className={styles.error} role="alert" data-testid="ship-short">
            {t('merchant:ship.short')}{' '}
            <Link to={paths.recharge} className={styles.recharge} data-testid="ship-recharge">
              {t('merchant:ship.recharge')}
            </Link>
          </p>
        )}
        <Button block shape="rounded" color="primary" type="submit" loading={ship.isPending} data-testid="ship-submit">
          {t('orders:merchant.shipSubmit')}
        </Button>
      </form>
    </Section>
  )
}
