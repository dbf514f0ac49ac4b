import type { Network } from '@bazaar/contract/wallet'
import { useTranslation } from 'react-i18next'
import styles from './NetworkPicker.module.css'

type Props = {
  networks: Network[]
  value: string | undefined
  onChange: (code: string) => void
  /** Why a network cannot be chosen here (recharge or withdrawals closed); undefined when it can. */
  closedReason?: (network: Network) => string | undefined
  error?: string
}

/** The USDT network, as a row of choices; a closed network is shown, greyed, with the reason. */
export function NetworkPicker({ networks, value, onChange, closedReason, error }: Props) {
  const { t } = useTranslation('wallet')
  return (
    <fieldset className={styles.set}>
      <legend className={styles.legend}>{t('network.label')}</legend>
      <div className={styles.options} role="radiogroup" aria-label={t('network.label')}>
        {networks.map((network) => {
          const reason = closedReason?.(network)
          const selected = network.code === value
          return (
            <button
              key={network.code}
              type="button"
              role="radio"
              aria-checked={selected}
              className={selected ? `${styles.option} ${styles.selected}` : styles.option}
              data-closed={reason ? true : undefined}
              onClick={() => onChange(network.code)}
              data-testid={`network-${network.code}`}
            >
              <span className={styles.code}>{network.code}</span>
              <span className={styles.name}>{reason ?? network.name}</span>
            </button>
          )
        })}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
