import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline'
import { useTranslation } from 'react-i18next'
import styles from './PurchasePriceNote.module.css'

/**
 * Tells a merchant the money rule of refunds that is easy to miss (ARCHITECTURE.md money
 * flows, merchant figures): the purchase price of goods that shipped is not returned when
 * they are refunded (only of units that never shipped). Shown on the case and settlement
 * pages.
 */
export function PurchasePriceNote() {
  const { t } = useTranslation('merchant')
  return (
    <p className={styles.note} data-testid="purchase-price-note">
      <InformationCircleOutline className={styles.icon} aria-hidden="true" />
      <span>{t('purchaseNote')}</span>
    </p>
  )
}
