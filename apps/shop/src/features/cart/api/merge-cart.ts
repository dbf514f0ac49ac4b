import type { Cart } from '@bazaar/contract/cart'
import { apiPost } from '../../../shared/api/client'

/**
 * POST /api/cart/merge {items}: a visitor's device cart into the account's at login.
 * Quantities add up, capped by stock; lines that cannot be bought any more are skipped.
 */
export function mergeCart(items: { listingId: number; skuId: number; quantity: number }[]): Promise<Cart> {
  return apiPost<Cart>('/cart/merge', { items })
}
