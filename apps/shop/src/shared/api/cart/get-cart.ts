import type { Cart } from '@bazaar/contract/cart'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet } from '../client'

/** The parent key of the account's cart; every cart mutation writes its reply here. */
export const cartKey = ['cart'] as const

/** Cart mutations run one after another (TanStack Query scope): replies apply in order. */
export const cartScope = { id: 'cart' }

/** GET /api/cart: lines with current price, stock and availability, newest first. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>('/cart', {}, signal)
}

/** Query options of the account's cart (key `cart`), never fresh: prices and stock move. */
export const cartQuery = () =>
  queryOptions({
    queryKey: cartKey,
    queryFn: ({ signal }) => getCart(signal),
    // Prices and stock move: a cart shown again is checked again.
    staleTime: 0,
  })

/** The account's cart; off for visitors (their cart is on the device). */
export function useCart(enabled: boolean) {
  return useQuery({ ...cartQuery(), enabled })
}
