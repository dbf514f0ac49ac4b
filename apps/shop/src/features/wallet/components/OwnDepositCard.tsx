import type { ChainRules } from '@bazaar/contract/chain'
import { formatUsdt } from '@bazaar/contract/money-format'
import type { Network } from '@bazaar/contract/wallet'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { copyText } from '../../../shared/copy-text'
import { useLocale } from '../../../shared/i18n/language'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { toast } from '../../../shared/ui/toast'
import { useDepositAddress } from '../api/get-deposit-address'
import styles from './DepositCard.module.css'

/**
 * The user's own deposit address on a network the chain credits (issue 21; SPEC §5): text and
 * QR code, a copy button, and the network's warning: only USDT, only this network, credited
 * after the published confirmations, nothing under the minimum. The same card's frame as the
 * platform address (DepositCard), so the page does not move when the address arrives.
 */
export function OwnDepositCard({ network, rules }: { network: Network; rules: ChainRules }) {
  const { t } = useTranslation('wallet')
  const { locale } = useLocale()
  const address = useDepositAddress(network.code)
  const text = address.data?.address
  const copy = async () => {
    if (!text) return
    const ok = await copyText(text)
    toast(ok ? t('recharge.copied') : t('recharge.copyFailed'), { icon: ok ? 'success' : undefined })
  }
  if (address.isError) return <ErrorRetry onRetry={() => void address.refetch()} />
  return (
    <section className={styles.card} aria-labelledby="own-deposit-label" aria-busy={!text}>
      <div className={styles.qr}>
        {text ? (
          <QRCodeSVG value={text} size={168} level="M" marginSize={2} title={t('recharge.qr')} data-testid="deposit-qr" />
        ) : (
          <div className={`${styles.qrPlaceholder} bz-shimmer`} />
        )}
      </div>
      <span className={styles.label} id="own-deposit-label">
        {t('chain.ownAddress')} · {network.code}
      </span>
      <div className={styles.addressRow}>
        <code className={styles.address} dir="ltr" data-testid="deposit-address">
          {text ?? '\u00a0'}
        </code>
        <button type="button" className={styles.copy} onClick={() => void copy()} disabled={!text} data-testid="copy-address">
          {t('recharge.copy')}
        </button>
      </div>
      <p className={styles.notice} role="note" data-testid="network-warning">
        {t('chain.notice', {
          name: network.name,
          confirmations: rules.confirmations,
          min: formatUsdt(rules.depositMinCents, locale),
        })}
      </p>
    </section>
  )
}
