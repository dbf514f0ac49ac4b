import type { ProductDetail } from '@bazaar/contract/catalog'
import { useTranslation } from 'react-i18next'
import { formatCount, formatRating } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { Money } from '../../../shared/ui/Money'
import styles from './PriceBlock.module.css'

/**
 * Price, sales, stock and the review figure of a product. The price is what a buyer pays:
 * no struck-through 'list price' and no '% off' (the imported dataset's list price is no
 * discount anybody grants; Bazaar's discounts are coupons). Stars only from Bazaar reviews.
 */
export function PriceBlock({ product, onReviews }: { product: ProductDetail; onReviews: () => void }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const { average, count } = product.reviewSummary
  return (
    <div className={styles.block}>
      <div className={styles.prices}>
        <Money cents={product.priceCents} className={styles.price} />
      </div>
      <div className={styles.stats}>
        <span data-testid="product-sold">{t('product.sold', { amount: formatCount(product.salesCount, locale) })}</span>
        <button type="button" className={styles.reviews} onClick={onReviews} data-testid="price-reviews">
          {average === null
            ? t('product.noReviews')
            : t('product.ratingShort', { stars: formatRating(average, locale), amount: count.toLocaleString(locale) })}
        </button>
        <span className={product.stock > 0 ? undefined : styles.out}>
          {product.stock > 0 ? t('product.stock', { amount: product.stock.toLocaleString(locale) }) : t('product.outOfStock')}
        </span>
      </div>
    </div>
  )
}
