import type { ProductDetail } from '@bazaar/contract/catalog'
import RightOutline from 'antd-mobile-icons/es/RightOutline'
import { useTranslation } from 'react-i18next'
import { formatCount } from '../../../shared/format/numbers'
import { useOptionNames } from '../../../shared/format/options'
import { useLocale } from '../../../shared/i18n/language'
import { Money } from '../../../shared/ui/Money'
import { DeliveryRow } from './DeliveryRow'
import styles from './ProductFacts.module.css'

/** Specification entry, freight, delivery countries and followers (users who saved it to favourites) rows of the goods page. */
export function ProductFacts({ product, onChooseSpec }: { product: ProductDetail; onChooseSpec: () => void }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const optionNames = useOptionNames()
  const options = product.specification.map((s) => optionNames.name(s.name)).join(' · ')
  return (
    <div className={styles.facts}>
      <button type="button" className={styles.row} onClick={onChooseSpec} data-testid="open-spec">
        <span className={styles.label}>{t('product.spec')}</span>
        <span className={styles.value}>{options ? t('product.chooseOptions', { names: options }) : t('product.chooseQuantity')}</span>
        <RightOutline className={`${styles.chevron} bz-flip`} />
      </button>
      <div className={styles.row}>
        <span className={styles.label}>{t('product.freight')}</span>
        <span className={styles.value}>
          {product.freightCents === 0 ? t('product.freeShipping') : <Money cents={product.freightCents} />}
        </span>
      </div>
      <DeliveryRow shipCountries={product.shipCountries} />
      <div className={styles.row}>
        <span className={styles.label}>{t('product.followersLabel')}</span>
        <span className={styles.value}>{formatCount(product.followers, locale)}</span>
      </div>
    </div>
  )
}
