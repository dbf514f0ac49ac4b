import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { useCategories } from '../api/get-categories'
import { PriceFilterPopup } from '../components/PriceFilterPopup'
import { ProductFeed } from '../components/ProductFeed'
import { SearchEntry } from '../components/SearchEntry'
import { SortBar } from '../components/SortBar'
import { useCategoryName } from '../hooks/useCategoryName'
import { useListParams } from '../hooks/useListParams'
import styles from './ProductListPage.module.css'

/** /pages/product/list (SPEC §2): sort tabs, price range, endless grid; ?categoryId ?shopId ?keywords. */
export default function ProductListPage() {
  const { t } = useTranslation()
  const { filters, update } = useListParams()
  const [filterOpen, setFilterOpen] = useState(false)
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
          onFilter={() => setFilterOpen(true)}
        />
      </div>
      <div className={styles.feed}>
        <ProductFeed filters={filters} />
      </div>
      <PriceFilterPopup
        visible={filterOpen}
        value={filters}
        onClose={() => setFilterOpen(false)}
        onApply={(range) => {
          setFilterOpen(false)
          update({ minPriceCents: range.minPriceCents, maxPriceCents: range.maxPriceCents })
        }}
      />
    </div>
  )
}
