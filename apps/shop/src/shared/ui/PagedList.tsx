import type { ReactNode } from 'react'
import { Delayed, Placeholders } from './Delayed'
import { EmptyState } from './EmptyState'
import { ErrorRetry } from './ErrorRetry'
import { ListFooter } from './ListFooter'
import styles from './PagedList.module.css'
import { type PagedQuery, useLoadMore } from './useLoadMore'

/** The list's own class (a flex column of cards), for a page that lays out several lists (by day). */
export const pagedListClass = styles.list

type Props<T> = {
  /** A TanStack infinite query over `{ items, nextCursor }` pages (its result satisfies this). */
  query: Omit<PagedQuery, 'data'> & {
    data?: { pages: readonly { items: T[] }[] }
    isPending: boolean
    isError: boolean
    refetch: () => unknown
  }
  /** What shows when there is nothing: icon, title, hint and an action (EmptyState). */
  empty: { icon: ReactNode; title: string; hint?: string; action?: ReactNode }
  /** The height of one skeleton card in px, the height of a loaded row, so nothing jumps. */
  skeletonHeightPx: number
  skeletonCount?: number
  /** `data-testid` of the list. */
  testId?: string
} & (
  | { /** One row of the list (an `<li>`). */ render: (item: T, index: number) => ReactNode; layout?: never }
  | { /** All loaded items, laid out by the page itself (groups by day). */ layout: (items: T[]) => ReactNode; render?: never }
)

/**
 * An endless list (SPEC §2, §9 loading): skeletons after 200 ms, the empty state, a retry when
 * the first page failed, then the rows and the footer that loads the next page (50 at most).
 */
export function PagedList<T>({ query, empty, skeletonHeightPx, skeletonCount = 4, testId, render, layout }: Props<T>) {
  const { sentinel, canLoadMore } = useLoadMore(query)
  if (query.isPending) {
    return (
      <Delayed className={styles.list}>
        <Placeholders count={skeletonCount}>
          <div className={`${styles.skeleton} bz-shimmer`} style={{ height: skeletonHeightPx }} />
        </Placeholders>
      </Delayed>
    )
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  if (query.isError && items.length === 0) return <ErrorRetry onRetry={() => void query.refetch()} />
  if (items.length === 0) return <EmptyState {...empty} />
  return (
    <>
      {layout ? (
        layout(items)
      ) : (
        <ul className={styles.list} data-testid={testId} aria-busy={query.isPlaceholderData || undefined}>
          {items.map(render)}
        </ul>
      )}
      <ListFooter sentinel={sentinel} query={query} canLoadMore={canLoadMore} />
    </>
  )
}
