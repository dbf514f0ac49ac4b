import type { ReactNode } from 'react'
import { Delayed, Placeholders } from '../../../shared/ui/Delayed'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { ErrorRetry } from '../../../shared/ui/ErrorRetry'
import { ListFooter } from '../../../shared/ui/ListFooter'
import { type PagedQuery, useLoadMore } from '../../../shared/ui/useLoadMore'
import styles from './ProductList.module.css'

type Props<T> = {
  query: Omit<PagedQuery, 'data'> & {
    data?: { pages: readonly { items: T[] }[] }
    isPending: boolean
    isError: boolean
    refetch: () => unknown
  }
  render: (item: T, index: number) => ReactNode
  empty: { icon: ReactNode; title: string; hint?: string; action?: ReactNode }
  testId: string
}

/** An endless list of the merchant's (catalogue, goods, settlements): skeletons after 200 ms, the empty state, a retry. */
export function ProductList<T>({ query, render, empty, testId }: Props<T>) {
  const { sentinel, canLoadMore } = useLoadMore(query)
  if (query.isPending) {
    return (
      <Delayed className={styles.list}>
        <Placeholders count={4}>
          <div className={`${styles.skeleton} bz-shimmer`} />
        </Placeholders>
      </Delayed>
    )
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  if (query.isError && items.length === 0) return <ErrorRetry onRetry={() => void query.refetch()} />
  if (items.length === 0) return <EmptyState {...empty} />
  return (
    <>
      <ul className={styles.list} data-testid={testId} aria-busy={query.isPlaceholderData || undefined}>
        {items.map(render)}
      </ul>
      <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
    </>
  )
}
