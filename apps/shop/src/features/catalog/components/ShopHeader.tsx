import type { ShopSummary } from '@bazaar/contract/catalog'
import { useTranslation } from 'react-i18next'
import { formatCount, formatDate } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { ShopAvatar } from './ShopAvatar'
import styles from './ShopHeader.module.css'

/** The shop home's header: name, level, bio and figures (SPEC §2 shop home, §3 Shop). */
export function ShopHeader({ shop }: { shop: ShopSummary }) {
  const { t } = useTranslation()
  const { locale } = useLocale()
  const figures = [
    [t('shop.productsLabel'), formatCount(shop.listingCount, locale)],
    [t('shop.salesLabel'), formatCount(shop.salesCount, locale)],
    [t('shop.followersLabel'), formatCount(shop.followers, locale)],
  ] as const
  return (
    <section className={styles.header} data-testid="shop-header">
      <div className={styles.identity}>
        <ShopAvatar name={shop.name} size={60} />
        <div className={styles.names}>
          <h1 className={styles.name} dir="auto">
            {shop.name}
          </h1>
          <div className={styles.badges}>
            <span className={styles.level}>{t('shop.level', { level: shop.level })}</span>
            <span className={styles.since}>{t('shop.since', { date: formatDate(shop.createdAtMs, locale) })}</span>
          </div>
        </div>
      </div>
      {shop.bio && (
        <p className={styles.bio} dir="auto">
          {shop.bio}
        </p>
      )}
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dd>{value}</dd>
            <dt>{label}</dt>
          </div>
        ))}
      </dl>
    </section>
  )
}
