import type { ShopSummary } from '@bazaar/contract/catalog'
import RightOutline from 'antd-mobile-icons/es/RightOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatCount } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { shopHomeHref } from '../../../shared/paths'
import { ShopAvatar } from './ShopAvatar'
import styles from './ShopCard.module.css'

/** A shop with its level and figures, linking to its home (goods detail, shop list). */
export function ShopCard({ shop }: { shop: ShopSummary }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  return (
    <Link to={shopHomeHref(shop.id)} className={styles.card} data-testid="shop-card">
      <ShopAvatar name={shop.name} size={48} />
      <div className={styles.text}>
        <div className={styles.nameRow}>
          <span className={styles.name} dir="auto">
            {shop.name}
          </span>
          <span className={styles.level}>{t('shop.level', { level: shop.level })}</span>
        </div>
        <div className={styles.figures}>
          <span>{t('shop.products', { amount: formatCount(shop.listingCount, locale) })}</span>
          <span data-testid="shop-card-sold">{t('shop.sales', { amount: formatCount(shop.salesCount, locale) })}</span>
          <span>{t('shop.followers', { amount: formatCount(shop.followers, locale) })}</span>
        </div>
      </div>
      <span className={styles.enter}>
        {t('shop.visit')}
        <RightOutline className="bz-flip" />
      </span>
    </Link>
  )
}
