import type { CartItem, LineInput } from '@bazaar/contract/cart'
import { maxCartLines, maxLineQuantity } from '@bazaar/contract/cart-values'
import type { Kysely } from 'kysely'
import type { Db } from '../../db/database.ts'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../catalog/image-ref.ts'

/**
 * A listing SKU as the cart and checkout read it: price and stock from the shop's listing,
 * never from the client.
 * @throws 'Product not found' when the listing is off the shelf or the SKU is not in it
 */
export async function sellableSku(db: Kysely<Database>, listingId: number, skuId: number) {
  const row = await db
    .selectFrom('listing_skus as ls')
    .innerJoin('listings as l', 'l.id', 'ls.listing_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .select(['ls.price_cents', 'ls.stock', 'l.status', 'l.shop_id', 's.owner_user_id'])
    .where('ls.listing_id', '=', listingId)
    .where('ls.sku_id', '=', skuId)
    .executeTakeFirst()
  if (!row || row.status !== 'on_sale') throw new AppError('Product not found')
  return row
}

/** The cart with current prices, stock and availability, newest line first. */
export async function getCart(db: Db, userId: number): Promise<{ items: CartItem[] }> {
  const rows = await db.kysely
    .selectFrom('cart_items as c')
    .innerJoin('listing_skus as ls', (j) => j.onRef('ls.listing_id', '=', 'c.listing_id').onRef('ls.sku_id', '=', 'c.sku_id'))
    .innerJoin('listings as l', 'l.id', 'c.listing_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('skus as k', 'k.id', 'c.sku_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .leftJoin('product_images as i', 'i.id', 'l.main_image_id')
    .select([
      'c.id',
      'c.listing_id',
      'c.sku_id',
      'c.quantity',
      'c.selected',
      'p.title',
      'k.name as sku_name',
      'k.options_json',
      'ls.price_cents',
      'ls.stock',
      'l.status',
      's.id as shop_id',
      's.name as shop_name',
      'i.id as image_id',
      'i.width',
      'i.height',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.id', 'desc')
    .execute()
  return {
    items: rows.map((r) => ({
      id: r.id,
      listingId: r.listing_id,
      skuId: r.sku_id,
      quantity: r.quantity,
      selected: r.selected === 1,
      title: r.title,
      skuName: r.sku_name,
      options: JSON.parse(r.options_json) as Record<string, string>,
      priceCents: r.price_cents,
      stock: r.stock,
      available: r.status === 'on_sale' && r.stock >= r.quantity,
      image: imageRef(r.image_id, r.width, r.height),
      shop: { id: r.shop_id, name: r.shop_name },
    })),
  }
}

/**
 * Adds a SKU to the cart; adding one already there adds the quantities (SPEC §2 cart).
 * @throws 'Product not found' | 'Inventory shortage' | 'no my shop' | 'Too many requests' (cart full)
 */
export async function addToCart(db: Db, userId: number, line: LineInput): Promise<{ items: CartItem[] }> {
  await db.kysely.transaction().execute(async (trx) => {
    const sku = await sellableSku(trx, line.listingId, line.skuId)
    if (sku.owner_user_id === userId) throw new AppError('no my shop')
    const existing = await trx
      .selectFrom('cart_items')
      .select(['id', 'quantity'])
      .where('user_id', '=', userId)
      .where('listing_id', '=', line.listingId)
      .where('sku_id', '=', line.skuId)
      .executeTakeFirst()
    const quantity = (existing?.quantity ?? 0) + line.quantity
    if (quantity > sku.stock || quantity > maxLineQuantity) throw new AppError('Inventory shortage')
    if (existing) {
      await trx.updateTable('cart_items').set({ quantity, selected: 1 }).where('id', '=', existing.id).execute()
      return
    }
    const count = await trx
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    if (Number(count.n) >= maxCartLines) throw new AppError('Too many requests')
    await trx
      .insertInto('cart_items')
      .values({ user_id: userId, listing_id: line.listingId, sku_id: line.skuId, quantity, selected: 1, created_at_ms: Date.now() })
      .execute()
  })
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
    const item = await trx
      .selectFrom('cart_items')
      .select(['listing_id', 'sku_id'])
      .where('id', '=', itemId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!item) throw new AppError('Product not found')
    if (change.quantity !== undefined) {
      const sku = await sellableSku(trx, item.listing_id, item.sku_id)
      if (change.quantity > sku.stock) throw new AppError('Inventory shortage')
    }
    await trx
      .updateTable('cart_items')
      .set({
        ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
        ...(change.selected !== undefined ? { selected: change.selected ? 1 : 0 } : {}),
      })
      .where('id', '=', itemId)
      .execute()
  })
  return getCart(db, userId)
}

/** Selects or clears every line (edit mode's select all). */
export async function selectAll(db: Db, userId: number, selected: boolean): Promise<{ items: CartItem[] }> {
  await db.kysely
    .updateTable('cart_items')
    .set({ selected: selected ? 1 : 0 })
    .where('user_id', '=', userId)
    .execute()
  return getCart(db, userId)
}

/** Removes the user's lines with these ids (someone else's ids remove nothing). */
export async function removeFromCart(db: Kysely<Database> | Db, userId: number, ids: number[]): Promise<void> {
  const kysely = 'kysely' in db ? db.kysely : db
  await kysely.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', ids).execute()
}

/**
 * Merges a visitor's device cart at login: quantities add up and are capped by stock;
 * lines that cannot be bought any more (off shelf, own shop) are skipped.
 */
export async function mergeCart(db: Db, userId: number, lines: LineInput[]): Promise<{ items: CartItem[] }> {
  for (const line of lines) {
    try {
      const sku = await sellableSku(db.kysely, line.listingId, line.skuId)
      const existing = await db.kysely
        .selectFrom('cart_items')
        .select('quantity')
        .where('user_id', '=', userId)
        .where('listing_id', '=', line.listingId)
        .where('sku_id', '=', line.skuId)
        .executeTakeFirst()
      const room = Math.min(sku.stock, maxLineQuantity) - (existing?.quantity ?? 0)
      if (room > 0) await addToCart(db, userId, { ...line, quantity: Math.min(line.quantity, room) })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
    }
  }
  return getCart(db, userId)
}
