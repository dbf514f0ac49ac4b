import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmptyStateProps } from '../../../shared/ui/EmptyState'
import { QueryList } from '../../../shared/ui/QueryList'
import { type ProductFilters, useProducts } from '../api/get-products'
import { ProductCard, ProductCardSkeleton } from './ProductCard'
import styles from './ProductFeed.module.css'

/**
 * The two-column product grid with endless scroll over `nextCursor` (SPEC §2 home, list,
 * shop home). Skeletons appear after 200 ms; an empty result shows `empty`.
 */
export function ProductFeed({ filters, empty }: { filters: ProductFilters; empty?: EmptyStateProps }) {
  const { t } = useTranslation()
  const query = useProducts(filters)
  // The grid of another sort or price range is a new grid, not the old cards moved: React
  // would move a card that both orders hold, and a card moving half a second after the tap
  // is a layout shift (BENCH B7 CLS). The old cards stay, dimmed, until the new ones come.
  const filtersKey = JSON.stringify(filters)
  const [shownKey, setShownKey] = useState(filtersKey)
  if (!query.isPlaceholderData && shownKey !== filtersKey) setShownKey(filtersKey)

  return (
    <QueryList
      key={shownKey}
      query={query}
      className={styles.grid}
      testId="product-grid"
      skeleton={
        <li>
          <ProductCardSkeleton />
        </li>
      }
      skeletonCount={6}
      skeletonMoreCount={2}
      empty={empty ?? { icon: <ShopbagOutline />, title: t('list.emptyTitle'), hint: t('list.emptyHint') }}
      render={(item, i) => (
        <li key={item.id}>
          <ProductCard item={item} eager={i === 0} />
        </li>
      )}
    />
  )
}
