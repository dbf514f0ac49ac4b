import { firstScreenOf, homeFeedFilters, listFiltersOf } from '@bazaar/contract/first-screen-values'
import type { QueryClient } from '@tanstack/react-query'
import { productsQuery } from '../features/catalog/api/get-products'
import { categoriesQuery } from '../shared/api/catalog/get-categories'
import { productQuery } from '../shared/api/catalog/get-product'

/**
 * Starts the queries of the page being opened while the language bundles load and React
 * mounts, instead of after the first render (BENCH B7). On home, a list and a product the
 * server inlined their replies into the HTML (contract first-screen-values), so these
 * queries are answered from the page itself and the first render already has the data.
 */
export function prefetchFirstRoute(client: QueryClient, pathname: string, search: string): void {
  const params = new URLSearchParams(search)
  const plan = firstScreenOf(pathname, params)
  if (plan?.page === 'goods') {
    void client.prefetchQuery(productQuery(Number(params.get('id'))))
  } else if (plan) {
    void client.prefetchQuery(categoriesQuery())
    void client.prefetchInfiniteQuery(productsQuery(plan.page === 'home' ? homeFeedFilters : listFiltersOf(params)))
  }
}
