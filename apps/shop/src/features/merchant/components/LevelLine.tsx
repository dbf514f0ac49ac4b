import type { MyShop } from '@bazaar/contract/merchant-shop'
import { creditRules } from '@bazaar/contract/merchant-values'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatUsdInText } from '../../../shared/format/numbers'
import { useLocale } from '../../../shared/i18n/language'
import { paths } from '../../../shared/paths'
import { formatRatio } from '../format'
import styles from './LevelLine.module.css'

/**
 * What the shop's level allows when listing (SPEC §6): the ratio, the goods on sale against the
 * level's number ('sj_zdsps'), and for a low-credit shop the price cap ('sj_zdjg'), in words.
 */
export function LevelLine({ shop }: { shop: MyShop }) {
  const { t } = useTranslation('merchant')
  const { locale } = useLocale()
  const full = shop.listingCount >= shop.levelRules.maxListings
  return (
    <div className={styles.line} data-testid="level-line">
      <p className={styles.facts}>
        <Link to={paths.shopBond} className={styles.level}>
          {t('goods.ratio', { level: shop.level, ratio: formatRatio(shop.levelRules.profitRatioBasisPoints, locale) })}
        </Link>
        <span data-testid="listing-count">{t('goods.count', { amount: shop.listingCount, max: shop.levelRules.maxListings })}</span>
      </p>
      {full && (
        <p className={styles.warn} role="note" data-testid="count-note">
          {t('goods.countNote', { max: shop.levelRules.maxListings })} <Link to={paths.shopBond}>{t('goods.raiseLevel')}</Link>
        </p>
      )}
      {shop.lowCredit && (
        <p className={styles.warn} role="note" data-testid="cap-note">
          {t('goods.priceCapNote', {
            score: shop.creditScore,
            threshold: creditRules.lowCreditBelow,
            cap: formatUsdInText(creditRules.lowCreditPriceCapCents, locale),
          })}
        </p>
      )}
    </div>
  )
}
