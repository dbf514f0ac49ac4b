import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { useLoadMore } from '../../../shared/ui/useLoadMore'
import { type ProductFilters, useProducts } from '../api/get-products'
import { ProductCard, ProductCardSkeleton } from './ProductCard'
import styles from './ProductFeed.module.css'

/**
 * The two-column product grid with endless scroll over `nextCursor` (SPEC §2 home, list,
 * shop home). Skeletons appear after 200 ms; an empty result shows `empty`.
 */
export function ProductFeed({ filters, empty }: { filters: ProductFilters; empty?: ReactNode }) {
  const { t } = useTranslation()
  const query = useProducts(filters)
  // Endless scroll stops after 50 pages (1,000 cards): a limit on everything.
  const { sentinel, canLoadMore } = useLoadMore(query)
  const pages = query.data?.pages ?? []
  // The grid of another sort or price range is a new grid, not the old cards moved: React
  // would move a card that both orders hold, and a card moving half a second after the tap
  // is a layout shift (BENCH B7 CLS). The old cards stay, dimmed, until the new ones come.
  const filtersKey = JSON.stringify(filters)
  const [shownKey, setShownKey] = useState(filtersKey)
  if (!query.isPlaceholderData && shownKey !== filtersKey) setShownKey(filtersKey)

  if (query.isPending) {
    return (
      <Delayed className={styles.grid}>
        <Placeholders count={6}>
          <ProductCardSkeleton />
        </Placeholders>
      </Delayed>
    )
  }
  if (query.isError && pages.length === 0) return <ErrorRetry onRetry={() => void query.refetch()} />

  const items = pages.flatMap((p) => p.items)
  if (items.length === 0) {
    return <>{empty ?? <EmptyState icon={<ShopbagOutline />} title={t('list.emptyTitle')} hint={t('list.emptyHint')} />}</>
  }

  return (
    <>
      <div
        key={shownKey}
        className={query.isPlaceholderData ? `${styles.grid} ${styles.stale}` : styles.grid}
        data-testid="product-grid"
        aria-busy={query.isPlaceholderData}
      >
        {items.map((item, i) => (
          <ProductCard key={item.id} item={item} eager={i === 0} />
        ))}
        {query.isFetchingNextPage && (
          <>
            <ProductCardSkeleton />
            <ProductCardSkeleton />
          </>
        )}
      </div>
      <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
    </>
  )
}
