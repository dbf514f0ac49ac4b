import type { LineInput } from '@bazaar/contract/cart'
import type { CheckoutPreview } from '@bazaar/contract/orders'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** What to buy: the cart's selected lines, or given lines ('buy now'). */
export type BuySource = { fromCart: true } | { lines: LineInput[] }

/** The buyer's coupon picks by shop id: a held coupon, or null for none; a shop not named gets the best. */
export type CouponPicks = Record<string, number | null>

/**
 * POST /api/checkout/preview {lines|fromCart, coupons, checkoutKey}: lines by shop with product
 * total, freight, the coupons that fit each shop order and the one applied, and actual payment,
 * all from the server's prices and coupons (a read, so a query). With the confirm page's key,
 * what its unpaid orders hold counts as the buyer's (their coupons are offered again).
 * @throws 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters' (nothing selected) | a coupon key for a pick that no longer fits
 */
export function previewCheckout(
  source: BuySource,
  coupons: CouponPicks,
  checkoutKey: string | undefined,
  signal?: AbortSignal,
): Promise<CheckoutPreview> {
  return apiPost<CheckoutPreview>('/checkout/preview', { ...source, coupons, checkoutKey }, { signal })
}

export const previewQuery = (source: BuySource, coupons: CouponPicks = {}, checkoutKey?: string) =>
  queryOptions({
    // Not under ['orders']: placing the orders invalidates those, and this preview must not be
    // read again once the cart lines it shows have become orders.
    queryKey: ['checkout', 'preview', source, coupons, checkoutKey] as const,
    queryFn: ({ signal }) => previewCheckout(source, coupons, checkoutKey, signal),
    staleTime: 0,
    gcTime: 0,
  })

/** The preview of the confirm page `checkoutKey`; changing a coupon keeps the last figures on screen until the new ones come. */
export function usePreview(source: BuySource | undefined, enabled: boolean, coupons: CouponPicks = {}, checkoutKey?: string) {
  return useQuery({
    ...previewQuery(source ?? { fromCart: true }, coupons, checkoutKey),
    enabled: enabled && source !== undefined && checkoutKey !== undefined,
    placeholderData: keepPreviousData,
  })
}
