import type { ProductSort } from '@bazaar/contract/catalog'
import FilterOutline from 'antd-mobile-icons/es/FilterOutline'
import { useTranslation } from 'react-i18next'
import styles from './SortBar.module.css'

type Props = {
  sort: ProductSort
  onSort: (sort: ProductSort) => void
  filterActive: boolean
  onFilter: () => void
}

/**
 * Sort tabs of the product list (SPEC §2): recommendation, sales, and price, whose second tap
 * turns ascending into descending; then the price-range filter, beside the tab list rather than
 * in it (a tablist holds tabs only: axe's aria-required-children).
 */
export function SortBar({ sort, onSort, filterActive, onFilter }: Props) {
  const { t } = useTranslation()
  const priceActive = sort === 'price_asc' || sort === 'price_desc'
  const tab = (active: boolean) => (active ? `${styles.tab} ${styles.active}` : styles.tab)
  return (
    <div className={styles.bar}>
      <div className={styles.tabs} role="tablist" aria-label={t('list.sortLabel')}>
        <button
          type="button"
          role="tab"
          aria-selected={sort === 'recommend'}
          className={tab(sort === 'recommend')}
          onClick={() => onSort('recommend')}
        >
          {t('list.sort.recommend')}
        </button>
        <button type="button" role="tab" aria-selected={sort === 'sales'} className={tab(sort === 'sales')} onClick={() => onSort('sales')}>
          {t('list.sort.sales')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={priceActive}
          aria-label={
            sort === 'price_asc' ? t('list.sort.priceAsc') : sort === 'price_desc' ? t('list.sort.priceDesc') : t('list.sort.price')
          }
          className={tab(priceActive)}
          data-testid="sort-price"
          data-sort={sort}
          onClick={() => onSort(sort === 'price_asc' ? 'price_desc' : 'price_asc')}
        >
          {t('list.sort.price')}
          <span className={styles.arrows} aria-hidden="true">
            <span className={sort === 'price_asc' ? `${styles.up} ${styles.on}` : styles.up} />
            <span className={sort === 'price_desc' ? `${styles.down} ${styles.on}` : styles.down} />
          </span>
        </button>
      </div>
      <button type="button" className={tab(filterActive)} onClick={onFilter} data-testid="price-filter">
        {t('list.filter')}
        <FilterOutline className={styles.filterIcon} />
      </button>
    </div>
  )
}
