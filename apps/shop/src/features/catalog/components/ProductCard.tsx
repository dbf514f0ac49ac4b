import type { ListingCard } from '@bazaar/contract/catalog'
import { cardImageSizes } from '@bazaar/contract/first-screen-values'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatCount, formatRating } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { goodsHref } from '../../../shared/paths'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { Money } from '../../../shared/ui/Money'
import styles from './ProductCard.module.css'

/**
 * One card of the two-column product grid: the price a buyer pays (no 'was' price: Bazaar has
 * no sale prices), and the stars only once Bazaar buyers reviewed it. Server text is text only.
 */
export function ProductCard({ item, eager = false }: { item: ListingCard; eager?: boolean }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  return (
    <Link to={goodsHref(item.id)} className={styles.card} data-testid="product-card">
      <ListingImage image={item.image} alt={item.title} ratio="1 / 1" sizes={cardImageSizes} eager={eager} />
      <div className={styles.body}>
        <h3 className={styles.title} dir="auto">
          {item.title}
        </h3>
        <div className={styles.priceRow}>
          <Money cents={item.priceCents} className={styles.price} />
          {item.reviewAverage !== null && item.reviewCount > 0 && (
            <span
              className={styles.rating}
              role="img"
              aria-label={t('product.ratingLabel', { stars: formatRating(item.reviewAverage, locale) })}
              data-testid="card-rating"
            >
              <span aria-hidden="true">★ {formatRating(item.reviewAverage, locale)}</span>
            </span>
          )}
        </div>
        <div className={styles.meta}>
          <span className={styles.shop} dir="auto">
            {item.shop.name}
          </span>
          <span className={styles.sold}>{t('product.sold', { amount: formatCount(item.salesCount, locale) })}</span>
        </div>
      </div>
    </Link>
  )
}

/** The card's shape while its page loads, so the grid does not jump when it arrives. */
export function ProductCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.skeletonImage} bz-shimmer`} />
      <div className={styles.body}>
        <div className={`${styles.skeletonLine} bz-shimmer`} />
        <div className={`${styles.skeletonLine} ${styles.short} bz-shimmer`} />
        <div className={`${styles.skeletonPrice} bz-shimmer`} />
      </div>
    </div>
  )
}
