import type { WithdrawalAddress } from '@bazaar/contract/wallet'
import AddOutline from 'antd-mobile-icons/es/AddOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RadioCard } from '../../../shared/ui/RadioCard'
import styles from './AddressPicker.module.css'

type Props = {
  addresses: WithdrawalAddress[]
  value: number | undefined
  onChange: (addressId: number) => void
  networkName: string
  addHref: string
  error?: string
}

/** The saved addresses of one network to withdraw to, and a link to add one. */
export function AddressPicker({ addresses, value, onChange, networkName, addHref, error }: Props) {
  const { t } = useTranslation('wallet')
  return (
    <fieldset className={styles.set}>
      <legend className={styles.legend}>{t('withdrawal.address')}</legend>
      {addresses.length === 0 ? (
        <p className={styles.empty}>{t('withdrawal.noAddress', { name: networkName })}</p>
      ) : (
        <div className={styles.options}>
          {addresses.map((address) => (
            <RadioCard
              key={address.id}
              name="withdrawal-address"
              checked={address.id === value}
              className={address.id === value ? `${styles.option} ${styles.selected}` : styles.option}
              onSelect={() => onChange(address.id)}
              testId="withdrawal-address"
            >
              <span className={styles.radio} aria-hidden="true" />
              <code className={styles.text} dir="ltr">
                {address.address}
              </code>
            </RadioCard>
          ))}
        </div>
      )}
      <Link to={addHref} className={styles.add} data-testid="add-address">
        <AddOutline aria-hidden="true" />
        {t('withdrawal.addAddress')}
      </Link>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
