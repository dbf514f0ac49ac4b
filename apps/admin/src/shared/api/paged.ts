import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query'

/** Every console list is cursor-paged: `nextCursor` null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null }

/** Rows per request: enough for a screen, well under the server's maximum of 100. */
export const pageSize = 25

/** Infinite-query options of a cursor-paged list; "Load more" asks for the next cursor. */
export function pagedQuery<T, K extends QueryKey>(
  queryKey: K,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.nextCursor ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
  })
}
