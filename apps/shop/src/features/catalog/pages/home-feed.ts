import type { ProductFilters } from '../api/get-products'

/** The home feed's filters; also used to prefetch it before the first render. */
export const homeFeedFilters: ProductFilters = { sort: 'recommend' }
