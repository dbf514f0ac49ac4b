import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Delayed } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { useInView } from '../../../shared/ui/useInView'
import { type ProductFilters, useProducts } from '../api/get-products'
import { ProductCard, ProductCardSkeleton } from './ProductCard'
import styles from './ProductFeed.module.css'

/** Endless scroll stops after this many pages (1,000 cards): a limit on everything. */
const maxPages = 50

/**
 * The two-column product grid with endless scroll over `nextCursor` (SPEC §2 home, list,
 * shop home). Skeletons appear after 200 ms; an empty result shows `empty`.
 */
export function ProductFeed({ filters, empty }: { filters: ProductFilters; empty?: ReactNode }) {
  const { t } = useTranslation()
  const query = useProducts(filters)
  const [sentinel, nearEnd] = useInView<HTMLDivElement>()
  const pages = query.data?.pages ?? []
  const canLoadMore = query.hasNextPage && pages.length < maxPages

  useEffect(() => {
    if (nearEnd && canLoadMore && !query.isFetching && !query.isFetchNextPageError && !query.isPlaceholderData) {
      void query.fetchNextPage()
    }
  }, [nearEnd, canLoadMore, query.isFetching, query.isFetchNextPageError, query.isPlaceholderData, query.fetchNextPage])

  if (query.isPending) {
    return (
      <Delayed className={styles.grid}>
        {Array.from({ length: 6 }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
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
      <div ref={sentinel} className={styles.footer}>
        {query.isFetchNextPageError ? (
          <button type="button" className={styles.retry} onClick={() => void query.fetchNextPage()}>
            {t('common.retry')}
          </button>
        ) : canLoadMore || query.isPlaceholderData ? null : (
          <span className={styles.end}>{t('common.noMore')}</span>
        )}
      </div>
    </>
  )
}
