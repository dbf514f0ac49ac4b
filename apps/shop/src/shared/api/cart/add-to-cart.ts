import type { Cart } from '@bazaar/contract/cart'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSession } from '../../session'
import { apiPost } from '../client'
import { addLine, deviceLines, writeDeviceLines } from './device-cart'
import { cartKey, cartScope } from './get-cart'

/** A line to add and the SKU's stock (the device cart caps a visitor's quantity by it). */
export type AddToCartInput = { listingId: number; skuId: number; quantity: number; stock: number }

/**
 * POST /api/cart/items {listingId, skuId, quantity}: quantities of one SKU add up.
 * @throws 'Product not found' | 'Inventory shortage' | 'no my shop' | 'Too many requests'
 */
export function addToCart(line: { listingId: number; skuId: number; quantity: number }): Promise<Cart> {
  return apiPost<Cart>('/cart/items', line)
}

/**
 * Adds a line to the account's cart, or for a visitor to the device cart (same rules: within
 * stock, 999 at most, 200 lines). Resolves false when the device cart refuses it.
 */
export function useAddToCart() {
  const queryClient = useQueryClient()
  const signedIn = useSession() !== undefined
  return useMutation({
    scope: cartScope,
    mutationFn: async ({ stock, ...line }: AddToCartInput): Promise<boolean> => {
      if (!signedIn) {
        const result = addLine(deviceLines(), line, stock)
        if (result.added) writeDeviceLines(result.lines)
        return result.added
      }
      queryClient.setQueryData(cartKey, await addToCart(line))
      return true
    },
  })
}
