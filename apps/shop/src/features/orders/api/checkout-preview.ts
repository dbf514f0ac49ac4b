import type { LineInput } from '@bazaar/contract/cart'
import type { CheckoutPreview } from '@bazaar/contract/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiPost } from '../../../shared/api/client'

/** What to buy: the cart's selected lines, or given lines ('buy now'). */
export type BuySource = { fromCart: true } | { lines: LineInput[] }

/**
 * POST /api/checkout/preview {lines|fromCart}: lines by shop with product total, freight and
 * actual payment, all from the server's prices (a read, so a query).
 * @throws 'Product not found' | 'no my shop' | 'Inventory shortage' | 'Invalid parameters' (nothing selected)
 */
export function previewCheckout(source: BuySource, signal?: AbortSignal): Promise<CheckoutPreview> {
  return apiPost<CheckoutPreview>('/checkout/preview', source, { signal })
}

export const previewQuery = (source: BuySource) =>
  queryOptions({
    // Not under ['orders']: placing the orders invalidates those, and this preview must not be
    // read again once the cart lines it shows have become orders.
    queryKey: ['checkout', 'preview', source] as const,
    queryFn: ({ signal }) => previewCheckout(source, signal),
    staleTime: 0,
    gcTime: 0,
  })

export function usePreview(source: BuySource | undefined, enabled: boolean) {
  return useQuery({ ...previewQuery(source ?? { fromCart: true }), enabled: enabled && source !== undefined })
}
