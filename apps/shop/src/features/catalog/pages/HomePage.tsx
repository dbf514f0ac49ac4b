import { homeFeedFilters } from '@bazaar/contract/first-screen-values'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../../shared/paths'
import { BannerCarousel } from '../components/BannerCarousel'
import { CategoryShortcuts } from '../components/CategoryShortcuts'
import { ProductFeed } from '../components/ProductFeed'
import { SearchEntry } from '../components/SearchEntry'
import styles from './HomePage.module.css'

/** /pages/index (SPEC §2): search, banner, category shortcuts and the endless product feed. */
export default function HomePage() {
  const { t } = useTranslation()
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <span className={styles.brand}>{t('app.name')}</span>
        <SearchEntry />
      </header>
      <div className={styles.hero} />
      <div className={styles.content}>
        <BannerCarousel />
        <CategoryShortcuts />
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{t('home.recommended')}</h2>
          <Link to={paths.shopList} className={styles.sectionLink}>
            {t('home.shops')}
          </Link>
        </div>
        <ProductFeed filters={homeFeedFilters} />
      </div>
    </div>
  )
}
