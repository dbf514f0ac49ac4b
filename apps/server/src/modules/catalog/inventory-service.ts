import type { ImageRef } from '@bazaar/contract/catalog'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../../platform/image-ref.ts'
import * as repo from './inventory-repo.ts'
import { scorePerSale } from './ranking.ts'

/**
 * The catalog's stock and sellability, for the cart and orders (ARCHITECTURE.md: a
 * module's tables are touched only by its own repo). Every function takes the caller's
 * transaction and never begins one; each stock move has its inverse beside it (reserve and
 * release, record a sale and reverse it).
 */

export type { SkuKey } from './inventory-repo.ts'

/** A listing SKU as a cart or an order shows and prices it: from the shop's listing, never from a client. */
export interface SellableSku {
  listingId: number
  skuId: number
  title: string
  skuName: string
  options: Record<string, string>
  image: ImageRef | null
  /** Integer cents, the listing SKU's current price. */
  priceCents: number
  /** Integer cents the merchant pays the platform per unit (snapshot on each order line). */
  purchaseUnitPriceCents: number
  stock: number
  /** On the shelf, in a shop that is not locked. */
  onSale: boolean
  /** `shipCountries`: ISO codes the shop delivers to; empty = everywhere. */
  shop: { id: number; name: string; freightCents: number; ownerUserId: number; shipCountries: string[] }
}

const keyOf = (k: repo.SkuKey) => `${k.listingId}:${k.skuId}`

/**
 * Listing SKUs by key with price, stock, state and shop, whether or not they are on sale.
 * @returns a map keyed `listingId:skuId`; keys that do not exist are missing
 */
export async function describeSkus(trx: Trx, keys: repo.SkuKey[]): Promise<Map<string, SellableSku>> {
  const rows = await repo.findSellableSkus(trx, keys)
  return new Map(
    rows.map((r) => [
      keyOf({ listingId: r.listing_id, skuId: r.sku_id }),
      {
        listingId: r.listing_id,
        skuId: r.sku_id,
        title: r.title,
        skuName: r.sku_name,
        options: JSON.parse(r.options_json) as Record<string, string>,
        image: imageRef(r.image_id, r.image_width, r.image_height),
        priceCents: r.price_cents,
        purchaseUnitPriceCents: Number(r.purchase_price_cents),
        stock: r.stock,
        onSale: r.status === 'on_sale' && r.shop_status === 'active',
        shop: {
          id: r.shop_id,
          name: r.shop_name,
          freightCents: r.freight_cents,
          ownerUserId: r.owner_user_id,
          shipCountries: JSON.parse(r.ship_countries_json) as string[],
        },
      },
    ]),
  )
}

/** The entry of `describeSkus`'s map for one key. */
export function skuIn(skus: Map<string, SellableSku>, key: repo.SkuKey): SellableSku | undefined {
  return skus.get(keyOf(key))
}

/**
 * Listing SKUs a buyer may buy: on sale, not from the buyer's own shop, with `quantity`
 * in stock (SPEC §6 'Buyers cannot buy their own shop's goods').
 * @param heldForBuyer units the buyer's own unpaid orders hold and a resubmit of their confirm
 *   page gives back first (order module, checkout pages): counted as in stock
 * @returns the SKUs in the order of `lines`
 * @throws 'Product not found' | 'no my shop' | 'Inventory shortage'
 */
export async function sellableSkus(
  trx: Trx,
  buyerUserId: number,
  lines: (repo.SkuKey & { quantity: number })[],
  heldForBuyer: (repo.SkuKey & { quantity: number })[] = [],
): Promise<SellableSku[]> {
  const skus = await describeSkus(trx, lines)
  const held = (line: repo.SkuKey) =>
    heldForBuyer.filter((h) => h.listingId === line.listingId && h.skuId === line.skuId).reduce((sum, h) => sum + h.quantity, 0)
  return lines.map((line) => {
    const sku = skuIn(skus, line)
    if (!sku?.onSale) throw new AppError('Product not found')
    if (sku.shop.ownerUserId === buyerUserId) throw new AppError('no my shop')
    if (sku.stock + held(line) < line.quantity) throw new AppError('Inventory shortage')
    return { ...sku, stock: sku.stock + held(line) }
  })
}

/**
 * Reserves the units of order lines: each a conditional update, so concurrent buyers never
 * take more than there is. Undone by `releaseStock`.
 * @returns the SKUs this reservation sold out (none left), read in the same statement
 * @throws 'Inventory shortage' (the caller's transaction rolls every reservation back)
 */
export async function reserveStock(trx: Trx, lines: (repo.SkuKey & { quantity: number })[]): Promise<repo.SkuKey[]> {
  const soldOut: repo.SkuKey[] = []
  for (const line of lines) {
    const left = await repo.takeStock(trx, line, line.quantity)
    if (left === undefined) throw new AppError('Inventory shortage')
    if (left === 0) soldOut.push({ listingId: line.listingId, skuId: line.skuId })
  }
  return soldOut
}

/** Puts reserved units back on the shelf (a cancelled or expired order): the inverse of `reserveStock`. */
export async function releaseStock(trx: Trx, lines: (repo.SkuKey & { quantity: number })[]): Promise<void> {
  for (const line of lines) await repo.returnStock(trx, line, line.quantity)
}

/**
 * Records paid units as sales: the listings' sales counts and 'recommend' scores
 * (`scorePerSale` a unit), one statement for any number of lines. Undone by `reverseSale`.
 * @returns the name of each shop whose listings sold, by shop id (a payment's reply shows them)
 */
export async function recordSale(trx: Trx, lines: (repo.SkuKey & { quantity: number })[]): Promise<Map<number, string>> {
  const rows = await addSales(trx, lines, 1)
  return new Map(rows.map((r) => [r.shop_id, r.shop_name ?? '']))
}

/** Takes refunded units out of the listings' sales counts and scores: the inverse of `recordSale`. */
export async function reverseSale(trx: Trx, lines: (repo.SkuKey & { quantity: number })[]): Promise<void> {
  await addSales(trx, lines, -1)
}

function addSales(trx: Trx, lines: (repo.SkuKey & { quantity: number })[], sign: 1 | -1) {
  const units = new Map<number, number>()
  for (const l of lines) units.set(l.listingId, (units.get(l.listingId) ?? 0) + sign * l.quantity)
  if (units.size === 0) return Promise.resolve([])
  return repo.addListingSales(
    trx,
    [...units].map(([listingId, n]) => ({ listingId, units: n, scorePoints: scorePerSale * n })),
  )
}

/** Counts a user's new follow (+1) or unfollow (−1) of a listing; followers never go below zero. */
export async function changeFollowers(trx: Trx, listingId: number, delta: 1 | -1): Promise<void> {
  await repo.addListingFollowers(trx, listingId, delta)
}

/** Counts a user's new follow (+1) or unfollow (−1) of a shop, in the follow's transaction; never below zero. */
export async function changeShopFollowers(trx: Trx, shopId: number, delta: 1 | -1): Promise<void> {
  await repo.addShopFollowers(trx, shopId, delta)
}

/**
 * Whether a listing exists (favourites refuse unknown ones).
 * @throws 'Product not found'
 */
export async function assertListingExists(trx: Trx, listingId: number): Promise<void> {
  if (!(await repo.listingExists(trx, listingId))) throw new AppError('Product not found')
}

/** Title, price (cents), main image and shop of listings by id, for lists of saved goods and the browsing history. */
export async function listingCards(trx: Trx, listingIds: number[]) {
  const rows = await repo.findListingCards(trx, [...new Set(listingIds)])
  return new Map(
    rows.map((r) => [
      r.id,
      {
        title: r.title,
        priceCents: r.price_cents,
        image: imageRef(r.image_id, r.width, r.height),
        shop: { id: r.shop_id, name: r.shop_name },
      },
    ]),
  )
}

/**
 * Adds a shop order's paid units to its shop's sales, or takes refunded ones back (negative
 * `units`), in the transaction that moves the listings' counts (`recordSale`, `reverseSale`):
 * a shop's figure is the sum of its listings' (units paid less units refunded). Called after
 * the shop's rollup rows, as the last of a payment's or refund's statements on the shop, so
 * every transaction takes the shop's row last (no deadlock on PostgreSQL).
 */
export async function recordShopSales(trx: Trx, shopId: number, units: number): Promise<void> {
  if (units !== 0) await repo.addShopSales(trx, shopId, units)
}

/**
 * `recordShopSales` for the shops of a payment, in one statement whatever their number: units
 * by shop id (shops with 0 are left out). Last of a payment's statements on its shops, as above.
 */
export async function recordShopsSales(trx: Trx, units: Map<number, number>): Promise<void> {
  const sales = [...units].filter(([, n]) => n !== 0).map(([shopId, n]) => ({ shopId, units: n }))
  if (sales.length > 0) await repo.addShopsSales(trx, sales)
}
