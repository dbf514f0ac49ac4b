import { useEffect } from 'react'
import { useInView } from './useInView'

/** Endless scroll stops after this many pages by default: a limit on everything. */
export const defaultMaxPages = 50

/** What endless scroll needs of a TanStack infinite query (its result satisfies this). */
export type PagedQuery = {
  data?: { pages: readonly unknown[] }
  hasNextPage: boolean
  isFetching: boolean
  isFetchNextPageError: boolean
  /** A new filter's first page is still coming (placeholder data shown): wait for it. */
  isPlaceholderData?: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * Endless scroll over `nextCursor`: give `sentinel` to the element after the list (ListFooter
 * does); the next page loads when it nears the viewport, until `maxPages` pages.
 * @returns the callback ref for the sentinel, and whether more pages may still load
 */
export function useLoadMore(query: PagedQuery, maxPages = defaultMaxPages) {
  const [sentinel, nearEnd] = useInView<HTMLDivElement>()
  const canLoadMore = query.hasNextPage && (query.data?.pages.length ?? 0) < maxPages
  const { isFetching, isFetchNextPageError, isPlaceholderData = false, fetchNextPage } = query
  useEffect(() => {
    if (nearEnd && canLoadMore && !isFetching && !isFetchNextPageError && !isPlaceholderData) void fetchNextPage()
  }, [nearEnd, canLoadMore, isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage])
  return { sentinel, canLoadMore }
}
