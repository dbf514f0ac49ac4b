import type { ReactElement } from 'react'

/**
 * Inner routes of buying (addresses, favourites, buy page, orders, refunds) and the
 * merchant's order pages under /pages/shop/: a fragment of the route table.
 */
export const orderRoutes: ReactElement[] = []
