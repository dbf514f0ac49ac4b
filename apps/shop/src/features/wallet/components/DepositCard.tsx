import type { Network } from '@bazaar/contract/wallet'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { copyText } from '../../../shared/copy-text'
import { toast } from '../../../shared/ui/toast'
import styles from './DepositCard.module.css'

/**
 * The platform's deposit address of a network as text and QR code, with a copy button and
 * SPEC §5's notice: only USDT to this address, 1 network confirmation.
 */
export function DepositCard({ network }: { network: Network }) {
  const { t } = useTranslation('wallet')
  const copy = async () => {
    const ok = await copyText(network.depositAddress)
    toast(ok ? t('recharge.copied') : t('recharge.copyFailed'), { icon: ok ? 'success' : undefined })
  }
  return (
    <section className={styles.card} aria-labelledby="deposit-label">
      <div className={styles.qr}>
        <QRCodeSVG value={network.depositAddress} size={168} level="M" marginSize={2} title={t('recharge.qr')} data-testid="deposit-qr" />
      </div>
      <span className={styles.label} id="deposit-label">
        {t('recharge.address')} · {network.code}
      </span>
      <div className={styles.addressRow}>
        <code className={styles.address} dir="ltr" data-testid="deposit-address">
          {network.depositAddress}
        </code>
        <button type="button" className={styles.copy} onClick={() => void copy()} data-testid="copy-address">
          {t('recharge.copy')}
        </button>
      </div>
      <p className={styles.notice} role="note">
        {t('recharge.notice', { name: network.name })}
      </p>
    </section>
  )
}
