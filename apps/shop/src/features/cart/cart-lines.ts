import type { CartItem } from '@bazaar/contract/cart'
import type { ImageRef, ProductDetail } from '@bazaar/contract/catalog'
import { type DeviceLine, lineKey } from '../../shared/api/cart/device-cart'

/**
 * One cart line as the cart page shows it, whether it comes from the account's cart (`id`
 * set) or from a visitor's device cart (display data read from the catalogue).
 */
export type CartLine = {
  key: string
  /** The server's cart item id; undefined for a device line. */
  id?: number
  listingId: number
  skuId: number
  quantity: number
  selected: boolean
  title: string
  skuName: string
  priceCents: number
  stock: number
  available: boolean
  image: ImageRef | null
  /** null when the listing could not be found any more. */
  shop: { id: number; name: string } | null
}

/**
 * A SKU's name says something only when the product has options (size, colour); a product
 * without any has one SKU whose name is the catalogue's variant id, not for people.
 */
export const skuLabel = (line: { skuName: string; options: Record<string, string> }) =>
  Object.keys(line.options).length > 0 ? line.skuName : ''

export const fromServer = (item: CartItem): CartLine => ({ ...item, skuName: skuLabel(item), key: `s${item.id}` })

/** A device line with its product's data; `product` undefined when the listing is gone. */
export function fromDevice(line: DeviceLine, product: ProductDetail | undefined): CartLine {
  const sku = product?.skus.find((s) => s.id === line.skuId)
  const base = { key: lineKey(line), listingId: line.listingId, skuId: line.skuId, quantity: line.quantity, selected: line.selected }
  if (!product || !sku) {
    return {
      ...base,
      title: product?.title ?? '',
      skuName: '',
      priceCents: 0,
      stock: 0,
      available: false,
      image: product?.images[0] ?? null,
      shop: product ? { id: product.shop.id, name: product.shop.name } : null,
    }
  }
  return {
    ...base,
    title: product.title,
    skuName: product.specification.length > 0 ? sku.name : '',
    priceCents: sku.priceCents,
    stock: sku.stock,
    available: sku.stock >= line.quantity,
    image: product.images[0] ?? null,
    shop: { id: product.shop.id, name: product.shop.name },
  }
}

export type ShopGroup = { shop: { id: number; name: string } | null; lines: CartLine[] }

/** Lines grouped by shop in the order shops first appear; unknown listings last. */
export function groupByShop(lines: CartLine[]): ShopGroup[] {
  const groups = new Map<number, ShopGroup>()
  for (const line of lines) {
    const id = line.shop?.id ?? 0
    const group = groups.get(id) ?? { shop: line.shop, lines: [] }
    group.lines.push(line)
    groups.set(id, group)
  }
  return [...groups.values()].sort((a, b) => Number(a.shop === null) - Number(b.shop === null))
}

/** The selected lines that can be bought, and their display total in cents. */
export function selection(lines: CartLine[]): { lines: CartLine[]; totalCents: number; count: number } {
  const chosen = lines.filter((l) => l.selected && l.available)
  return {
    lines: chosen,
    totalCents: chosen.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
    count: chosen.reduce((n, l) => n + l.quantity, 0),
  }
}

/** Why a line cannot be bought, for the greyed line. */
export type UnavailableReason = { kind: 'gone' } | { kind: 'soldOut' } | { kind: 'fewLeft'; stock: number } | { kind: 'offShelf' }

export function unavailableReason(line: CartLine): UnavailableReason | undefined {
  if (line.available) return undefined
  if (line.shop === null || line.title === '') return { kind: 'gone' }
  if (line.stock <= 0) return { kind: 'soldOut' }
  if (line.stock < line.quantity) return { kind: 'fewLeft', stock: line.stock }
  return { kind: 'offShelf' }
}
