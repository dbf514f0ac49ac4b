/** The home feed's filters (the contract's, so the server inlines the same first page); also prefetched before the first render. */
export { homeFeedFilters } from '@bazaar/contract/first-screen-values'
