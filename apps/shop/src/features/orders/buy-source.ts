import { maxCartLines } from '@bazaar/contract/cart-values'
import type { BuySource } from './api/checkout-preview'

/**
 * What the buy page buys, from its query: `from=cart` (the cart's selected lines) or
 * `lines=listing.sku.quantity,…` ('buy now'); undefined when neither reads cleanly.
 */
export function parseBuySource(params: URLSearchParams): BuySource | undefined {
  if (params.get('from') === 'cart') return { fromCart: true }
  const raw = params.get('lines')
  if (!raw) return undefined
  const lines = []
  for (const part of raw.split(',').slice(0, maxCartLines)) {
    const numbers = part.split('.').map(Number)
    if (numbers.length !== 3 || !numbers.every((n) => Number.isInteger(n) && n > 0)) return undefined
    const [listingId, skuId, quantity] = numbers
    lines.push({ listingId: listingId as number, skuId: skuId as number, quantity: quantity as number })
  }
  return lines.length > 0 ? { lines } : undefined
}
