import type { ListingPage } from '@bazaar/contract/catalog'
import {
  categoriesRequest,
  type FirstScreenPlan,
  type FirstScreenRequest,
  homeFeedFilters,
  listFiltersOf,
  offersRequest,
  type ProductFilters,
  productRequest,
  productsRequest,
  requestKey,
  shopFeedFilters,
  shopRequest,
} from '@bazaar/contract/first-screen-values'
import type { QueryClient } from '@tanstack/react-query'
import { productsQuery } from '../features/catalog/api/get-products'
import { shopQuery } from '../features/catalog/api/get-shop'
import { categoriesQuery } from '../shared/api/catalog/get-categories'
import { productQuery } from '../shared/api/catalog/get-product'
import { offersQuery } from '../shared/api/coupons/get-offers'

/**
 * Puts the server's replies of a plan (contract first-screen-values) into a request's query
 * cache under the keys the shop's pages read, in the shapes their queries hold (a list's first
 * page as an infinite query's only page), so the server renders the pages with their data and
 * dehydrates the cache into the HTML. A request without a reply (a product that does not exist)
 * is left out: the page renders as it does while loading, and the browser asks again.
 */
export function seedFirstScreen(client: QueryClient, plan: FirstScreenPlan, replies: Record<string, unknown>): void {
  const reply = (request: FirstScreenRequest) => replies[requestKey(request.path, request.params)]
  const seedList = (filters: ProductFilters) => {
    const page = reply(productsRequest(filters)) as ListingPage | undefined
    if (page) client.setQueryData(productsQuery(filters).queryKey, { pages: [page], pageParams: [undefined] })
  }
  const seed = (key: readonly unknown[], data: unknown) => {
    if (data !== undefined) client.setQueryData(key, data)
  }
  const params = new URLSearchParams(plan.url.split('?')[1] ?? '')
  const id = Number(params.get('id'))
  switch (plan.page) {
    case 'home':
      seed(categoriesQuery().queryKey, reply(categoriesRequest))
      seedList(homeFeedFilters)
      break
    case 'list':
      seed(categoriesQuery().queryKey, reply(categoriesRequest))
      seedList(listFiltersOf(params))
      break
    case 'goods':
      seed(productQuery(id).queryKey, reply(productRequest(id)))
      break
    case 'shop':
      seed(shopQuery(id).queryKey, reply(shopRequest(id)))
      seedList(shopFeedFilters(id))
      // As a visitor sees them: the server's HTML never depends on a session.
      seed(offersQuery(id, false).queryKey, reply(offersRequest(id)))
      break
  }
}
