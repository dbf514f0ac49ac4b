import { useQueries } from '@tanstack/react-query'
import { productQuery } from '../../../shared/api/catalog/get-product'
import { type CartLine, fromDevice } from '../cart-lines'
import { useDeviceLines } from './useDeviceLines'

/**
 * A visitor's cart lines with display data from GET /api/products/:id (shared with the goods
 * page's cache, so a product just seen costs nothing).
 */
export function useDeviceCart(enabled: boolean): { lines: CartLine[]; isPending: boolean } {
  const raw = useDeviceLines()
  const ids = enabled ? [...new Set(raw.map((l) => l.listingId))] : []
  const products = useQueries({ queries: ids.map((id) => ({ ...productQuery(id), retry: false })) })
  const byId = new Map(ids.map((id, i) => [id, products[i]]))
  const isPending = products.some((p) => p.isPending)
  const lines = enabled && !isPending ? raw.map((line) => fromDevice(line, byId.get(line.listingId)?.data)) : []
  return { lines, isPending }
}
