import type { ProductDetail } from '@bazaar/contract/catalog'
import { useTranslation } from 'react-i18next'
import { useOptionNames } from '../../../shared/format/options'
import styles from './ProductDetails.module.css'

/** The catalogue's attributes (material, flavour…) and the description, as text. */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const { t } = useTranslation()
  const optionNames = useOptionNames()
  const rows = Object.entries(product.attributes)
  return (
    <section className={styles.section} aria-labelledby="details-title">
      <h2 id="details-title" className={styles.title}>
        {t('product.details')}
      </h2>
      {rows.length > 0 && (
        <dl className={styles.table} data-testid="attributes">
          {rows.map(([name, value]) => (
            <div key={name} className={styles.pair}>
              <dt>{optionNames.name(name)}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {product.description && (
        <p className={styles.description} dir="auto">
          {product.description}
        </p>
      )}
    </section>
  )
}
