import type { CartItem, LineInput } from '@bazaar/contract/cart'
import { maxCartLines, maxLineQuantity } from '@bazaar/contract/cart-values'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { describeSkus, sellableSkus, skuIn } from '../catalog/inventory-service.ts'
import { addFavourites } from '../favourite/service.ts'
import * as repo from './repo.ts'

/** The cart with current prices, stock and availability, newest line first (lines whose SKU is gone are left out). */
export async function getCart(db: Db, userId: number): Promise<{ items: CartItem[] }> {
  const lines = await repo.findCartLines(db.kysely, userId)
  const skus = await describeSkus(
    db.kysely,
    lines.map((l) => ({ listingId: l.listing_id, skuId: l.sku_id })),
  )
  return {
    items: lines.flatMap((l) => {
      const sku = skuIn(skus, { listingId: l.listing_id, skuId: l.sku_id })
      if (!sku) return []
      return [
        {
          id: l.id,
          listingId: l.listing_id,
          skuId: l.sku_id,
          quantity: l.quantity,
          selected: l.selected === 1,
          title: sku.title,
          skuName: sku.skuName,
          options: sku.options,
          priceCents: sku.priceCents,
          stock: sku.stock,
          available: sku.onSale && sku.stock >= l.quantity,
          image: sku.image,
          shop: { id: sku.shop.id, name: sku.shop.name },
        },
      ]
    }),
  }
}

/**
 * Adds a SKU inside the caller's transaction; adding one already there adds the quantities
 * (SPEC §2 cart).
 * @throws 'Product not found' | 'Inventory shortage' | 'no my shop' | 'Too many requests' (cart full)
 */
async function addLine(trx: Trx, userId: number, line: LineInput): Promise<void> {
  const existing = await repo.findLineBySku(trx, userId, line.listingId, line.skuId)
  const quantity = (existing?.quantity ?? 0) + line.quantity
  if (quantity > maxLineQuantity) throw new AppError('Inventory shortage')
  await sellableSkus(trx, userId, [{ ...line, quantity }])
  if (existing) return void (await repo.updateLine(trx, userId, existing.id, { quantity, selected: 1 }))
  if ((await repo.countLines(trx, userId)) >= maxCartLines) throw new AppError('Too many requests')
  await repo.insertLine(trx, { user_id: userId, listing_id: line.listingId, sku_id: line.skuId, quantity, created_at_ms: Date.now() })
}

/**
 * Adds a SKU to the cart; adding one already there adds the quantities (SPEC §2 cart).
 * @throws 'Product not found' | 'Inventory shortage' | 'no my shop' | 'Too many requests' (cart full)
 */
export async function addToCart(db: Db, userId: number, line: LineInput): Promise<{ items: CartItem[] }> {
  await db.kysely.transaction().execute((trx) => addLine(trx, userId, line))
  return getCart(db, userId)
}

/**
 * Changes a line's quantity (within stock) or selection.
 * @throws 'Product not found' (not the user's line) | 'Inventory shortage'
 */
export async function updateCartItem(
  db: Db,
  userId: number,
  itemId: number,
  change: { quantity?: number; selected?: boolean },
): Promise<{ items: CartItem[] }> {
  await db.kysely.transaction().execute(async (trx) => {
    const item = await repo.findLineById(trx, userId, itemId)
    if (!item) throw new AppError('Product not found')
    if (change.quantity !== undefined) {
      const sku = skuIn(await describeSkus(trx, [{ listingId: item.listing_id, skuId: item.sku_id }]), {
        listingId: item.listing_id,
        skuId: item.sku_id,
      })
      if (!sku?.onSale) throw new AppError('Product not found')
      if (change.quantity > sku.stock) throw new AppError('Inventory shortage')
    }
    await repo.updateLine(trx, userId, itemId, {
      ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
      ...(change.selected !== undefined ? { selected: change.selected ? 1 : 0 } : {}),
    })
  })
  return getCart(db, userId)
}

/** Selects or clears every line (edit mode's select all). */
export async function selectAll(db: Db, userId: number, selected: boolean): Promise<{ items: CartItem[] }> {
  await repo.selectAllLines(db.kysely, userId, selected ? 1 : 0)
  return getCart(db, userId)
}

/** Removes the user's lines with these ids (someone else's ids remove nothing). */
export async function removeLines(db: Db, userId: number, ids: number[]): Promise<{ items: CartItem[] }> {
  await repo.deleteLines(db.kysely, userId, ids)
  return getCart(db, userId)
}

/** The selected lines checkout buys, in the caller's transaction (oldest first, with their line ids). */
export async function selectedLines(trx: Trx, userId: number): Promise<{ cartIds: number[]; lines: LineInput[] }> {
  const rows = await repo.findSelectedLines(trx, userId)
  return { cartIds: rows.map((r) => r.id), lines: rows.map((r) => ({ listingId: r.listing_id, skuId: r.sku_id, quantity: r.quantity })) }
}

/** Removes bought lines inside the checkout's transaction. */
export async function removeBoughtLines(trx: Trx, userId: number, ids: number[]): Promise<void> {
  if (ids.length > 0) await repo.deleteLines(trx, userId, ids)
}

/**
 * Moves lines to favourite goods (edit mode's 'save to favourite'), in one transaction.
 * @throws 'Product not found'
 */
export async function saveToFavourites(db: Db, userId: number, ids: number[]): Promise<{ items: CartItem[] }> {
  await db.kysely.transaction().execute(async (trx) => {
    const lines = await repo.findListingIdsOfLines(trx, userId, ids)
    await addFavourites(trx, userId, [...new Set(lines.map((l) => l.listing_id))])
    await repo.deleteLines(trx, userId, ids)
  })
  return getCart(db, userId)
}

/**
 * Merges a visitor's device cart at login: quantities add up and are capped by stock;
 * lines that cannot be bought any more (off shelf, own shop) are skipped.
 */
export async function mergeCart(db: Db, userId: number, lines: LineInput[]): Promise<{ items: CartItem[] }> {
  for (const line of lines) {
    try {
      await db.kysely.transaction().execute(async (trx) => {
        const sku = skuIn(await describeSkus(trx, [line]), line)
        const existing = await repo.findLineBySku(trx, userId, line.listingId, line.skuId)
        const room = Math.min(sku?.stock ?? 0, maxLineQuantity) - (existing?.quantity ?? 0)
        if (room > 0) await addLine(trx, userId, { ...line, quantity: Math.min(line.quantity, room) })
      })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
    }
  }
  return getCart(db, userId)
}
