import type { QueryClient } from '@tanstack/react-query'
import { productsQuery } from '../features/catalog/api/get-products'
import { homeFeedFilters } from '../features/catalog/pages/home-feed'
import { categoriesQuery } from '../shared/api/catalog/get-categories'
import { paths } from '../shared/paths'

/**
 * Starts the requests of the page being opened while the language bundles load and React
 * mounts, instead of after the first render (on a slow line that is one round trip saved
 * before the largest paint, BENCH B7). Only for home, where most visits begin.
 */
export function prefetchFirstRoute(client: QueryClient, hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] || paths.loading
  if (path !== paths.loading && path !== paths.home) return
  void client.prefetchQuery(categoriesQuery())
  void client.prefetchInfiniteQuery(productsQuery(homeFeedFilters))
}
