import type { ReactNode } from 'react'
import { Delayed, Placeholders } from './Delayed'
import { EmptyState, type EmptyStateProps } from './EmptyState'
import { ErrorRetry } from './ErrorRetry'
import { ListFooter } from './ListFooter'
import styles from './QueryList.module.css'
import type { PagedQuery } from './useLoadMore'

/** The default list class (a flex column of cards 8 px apart), for a page that lays out several lists (by day). */
export const listClass = styles.list

type Loading = { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; refetch: () => unknown }

/** A TanStack infinite query over `{ items, nextCursor }` pages (its result satisfies this): endless scroll. */
type PagedListQuery<T> = Loading & Omit<PagedQuery, 'data'> & { data?: { pages: readonly { items: T[] }[] }; isFetchingNextPage: boolean }

/** A TanStack query over `T[]` or `{ items: T[] }` (its result satisfies this): one load, no footer. */
type PlainListQuery<T> = Loading & { data?: T[] | { items: T[] }; fetchNextPage?: never }

/** What the list reads of a query: an infinite one (pages) or a plain one (one answer). */
export type ListQuery<T> = PagedListQuery<T> | PlainListQuery<T>

const isPaged = <T,>(query: ListQuery<T>): query is PagedListQuery<T> => query.fetchNextPage !== undefined

/** Every loaded item, in order: the pages' items one after another, or the one answer's. */
function itemsOf<T>(data: ListQuery<T>['data']): T[] {
  if (!data) return []
  if ('pages' in data) return data.pages.flatMap((page) => page.items)
  return 'items' in data ? data.items : data
}

type Props<T> = {
  query: ListQuery<T>
  /**
   * One placeholder row, an `<li>` as tall as a loaded row so nothing jumps when the data
   * comes: `SkeletonCard`, or the page's own shape.
   */
  skeleton: ReactNode
  /** Placeholders while the first load is pending (default 4). */
  skeletonCount?: number
  /** Placeholders that end the list while its next page loads (default 1; a grid's row). */
  skeletonMoreCount?: number
  /** What shows when there is nothing: icon, title, hint and an action (EmptyState). */
  empty: EmptyStateProps
  /** What a failed first load shows instead of the retry (the merchant's 'not a merchant'). */
  failure?: ReactNode
  /** The class of the list and of its placeholders (default `listClass`). */
  className?: string
  /** `data-testid` of the list. */
  testId?: string
} & (
  | { /** One row of the list (an `<li>` with its key). */ render: (item: T, index: number) => ReactNode; layout?: never }
  | { /** All loaded items, laid out by the page itself (groups by day or by shop). */ layout: (items: T[]) => ReactNode; render?: never }
)

/**
 * A list read from a query (SPEC §2, §9 loading), one way on every page: placeholders after
 * 200 ms in the list's own box, a retry when the first load failed, the empty state, then the
 * rows; for an infinite query, placeholders while the next page loads and the footer that
 * loads it (50 pages at most). A stale list (a new filter's first page on its way) is dimmed.
 */
export function QueryList<T>({
  query,
  skeleton,
  skeletonCount = 4,
  skeletonMoreCount = 1,
  empty,
  failure,
  className = styles.list,
  testId,
  render,
  layout,
}: Props<T>) {
  if (query.isPending) {
    return (
      <Delayed>
        <ul className={className} aria-hidden="true">
          <Placeholders count={skeletonCount}>{skeleton}</Placeholders>
        </ul>
      </Delayed>
    )
  }
  const items = itemsOf(query.data)
  if (query.isError && items.length === 0) return failure ?? <ErrorRetry onRetry={() => void query.refetch()} />
  if (items.length === 0) return <EmptyState {...empty} />
  const paged = isPaged(query) ? query : undefined
  const more = paged?.isFetchingNextPage ? <Placeholders count={skeletonMoreCount}>{skeleton}</Placeholders> : null
  return (
    <>
      {layout ? (
        <>
          {layout(items)}
          {more && (
            <ul className={className} aria-hidden="true">
              {more}
            </ul>
          )}
        </>
      ) : (
        <ul
          className={query.isPlaceholderData ? `${className} ${styles.stale}` : className}
          data-testid={testId}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {items.map(render)}
          {more}
        </ul>
      )}
      {paged && <ListFooter query={paged} />}
    </>
  )
}

/** The plain placeholder row: a shimmering card `heightPx` tall, the height of a loaded row. */
export function SkeletonCard({ heightPx }: { heightPx: number }) {
  return <li className={`${styles.skeleton} bz-shimmer`} style={{ height: heightPx }} aria-hidden="true" />
}
