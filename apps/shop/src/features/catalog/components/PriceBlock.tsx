import type { ProductDetail } from '@bazaar/contract/catalog'
import { useTranslation } from 'react-i18next'
import { formatCount, formatPercent } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { Money } from '../../../shared/ui/Money'
import styles from './PriceBlock.module.css'

/** Price, list price struck through, discount, sales and stock of a product. */
export function PriceBlock({ product }: { product: ProductDetail }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const discounted = product.listPriceCents > product.priceCents && product.discountBasisPoints > 0
  return (
    <div className={styles.block}>
      <div className={styles.prices}>
        <Money cents={product.priceCents} className={styles.price} />
        {discounted && (
          <>
            <Money cents={product.listPriceCents} className={styles.listPrice} />
            <span className={styles.discount}>
              {t('product.discount', { percent: formatPercent(product.discountBasisPoints, locale) })}
            </span>
          </>
        )}
      </div>
      <div className={styles.stats}>
        <span>{t('product.sold', { amount: formatCount(product.salesCount, locale) })}</span>
        <span className={product.stock > 0 ? undefined : styles.out}>
          {product.stock > 0 ? t('product.stock', { amount: product.stock.toLocaleString(locale) }) : t('product.outOfStock')}
        </span>
      </div>
    </div>
  )
}
