import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCategories } from '../../../shared/api/catalog/get-categories'
import { useCategoryName } from '../../../shared/format/useCategoryName'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { ProductFeed } from '../components/ProductFeed'
import { SearchEntry } from '../components/SearchEntry'
import { SortBar } from '../components/SortBar'
import { useListParams } from '../hooks/useListParams'
import styles from './ProductListPage.module.css'

// The filter sheet (antd-mobile Popup, Input, Toast and their react-spring) loads on first open.
const PriceFilterPopup = lazy(() => import('../components/PriceFilterPopup'))

/** /pages/product/list (SPEC §2): sort tabs, price range, endless grid; ?categoryId ?shopId ?keywords. */
export default function ProductListPage() {
  const { t } = useTranslation()
  const { filters, update } = useListParams()
  const [filterOpen, setFilterOpen] = useState(false)
  const [filterUsed, setFilterUsed] = useState(false)
  const categories = useCategories()
  const categoryName = useCategoryName()

  const category = filters.categoryId
    ? categories.data?.items.flatMap((c) => [c, ...c.children]).find((c) => c.id === filters.categoryId)
    : undefined
  const title = filters.keywords ? undefined : category ? categoryName(category) : t('list.title')

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <PageHeader title={title} bar={filters.keywords !== undefined && <SearchEntry text={filters.keywords} />} />
        <SortBar
          sort={filters.sort}
          onSort={(sort) => update({ sort })}
          filterActive={filters.minPriceCents !== undefined || filters.maxPriceCents !== undefined}
          onFilter={() => {
            setFilterUsed(true)
            setFilterOpen(true)
          }}
        />
      </div>
      <div className={styles.feed}>
        <ProductFeed filters={filters} />
      </div>
      {filterUsed && (
        <Suspense fallback={null}>
          <PriceFilterPopup
            visible={filterOpen}
            value={filters}
            onClose={() => setFilterOpen(false)}
            onApply={(range) => {
              setFilterOpen(false)
              update({ minPriceCents: range.minPriceCents, maxPriceCents: range.maxPriceCents })
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
