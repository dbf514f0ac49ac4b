import type { Network } from '@bazaar/contract/wallet'
import { useTranslation } from 'react-i18next'
import { RadioCard } from '../../../shared/ui/RadioCard'
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
      <div className={styles.options}>
        {networks.map((network) => {
          const reason = closedReason?.(network)
          const selected = network.code === value
          return (
            <RadioCard
              key={network.code}
              name="network"
              checked={selected}
              className={[styles.option, selected && styles.selected, reason && styles.closed].filter(Boolean).join(' ')}
              onSelect={() => onChange(network.code)}
              testId={`network-${network.code}`}
            >
              <span className={styles.code}>{network.code}</span>
              <span className={styles.name}>{reason ?? network.name}</span>
            </RadioCard>
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
