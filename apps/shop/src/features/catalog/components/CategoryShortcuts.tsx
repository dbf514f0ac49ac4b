import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCategories } from '../../../shared/api/catalog/get-categories'
import { useCategoryName } from '../../../shared/format/useCategoryName'
import { paths, productListHref } from '../../../shared/paths'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { ListingImage } from '../../../shared/ui/ListingImage'
import styles from './CategoryShortcuts.module.css'

/** Top-level categories as round shortcuts on the home page, then "All" → categories tab. */
export function CategoryShortcuts() {
  const { t } = useTranslation()
  const categoryName = useCategoryName()
  const { data, isPending } = useCategories()

  if (isPending || !data) {
    return (
      <Delayed className={styles.grid}>
        <Placeholders count={10}>
          <div className={styles.item} aria-hidden="true">
            <div className={`${styles.circle} bz-shimmer`} />
            <div className={`${styles.labelSkeleton} bz-shimmer`} />
          </div>
        </Placeholders>
      </Delayed>
    )
  }

  return (
    <nav className={styles.grid} aria-label={t('home.categories')}>
      {data.items.map((category) => (
        <Link key={category.id} to={productListHref({ categoryId: category.id })} className={styles.item} data-testid="category-shortcut">
          <ListingImage image={category.image} alt="" ratio="1 / 1" sizes="56px" className={styles.circle} />
          <span className={styles.label}>{categoryName(category)}</span>
        </Link>
      ))}
      <Link to={paths.classify} className={styles.item}>
        <span className={`${styles.circle} ${styles.all}`}>
          <AppstoreOutline />
        </span>
        <span className={styles.label}>{t('home.allCategories')}</span>
      </Link>
    </nav>
  )
}
