import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'

/** A listing SKU named by its listing and SKU ids. */
export interface SkuKey {
  listingId: number
  skuId: number
}

/**
 * Listing SKUs with what a cart line or an order line shows and prices: product title, SKU
 * name and options, the listing's main image, price and stock, the listing's state and its
 * shop (name, freight, owner). One statement for any number of keys.
 */
export function findSellableSkus(db: Trx, keys: SkuKey[]) {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('listing_skus as ls')
    .innerJoin('listings as l', 'l.id', 'ls.listing_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('skus as k', 'k.id', 'ls.sku_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .leftJoin('product_images as i', 'i.id', 'l.main_image_id')
    .select([
      'ls.listing_id',
      'ls.sku_id',
      'ls.price_cents',
      'ls.stock',
      'l.status',
      'k.purchase_price_cents',
      's.status as shop_status',
      's.ship_countries_json',
      'p.title',
      'k.name as sku_name',
      'k.options_json',
      'i.id as image_id',
      'i.width as image_width',
      'i.height as image_height',
      's.id as shop_id',
      's.name as shop_name',
      's.freight_cents',
      's.owner_user_id',
    ])
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('ls.listing_id', '=', k.listingId), eb('ls.sku_id', '=', k.skuId)]))))
    .execute()
}

/**
 * Takes `quantity` units of a listing SKU if that many are in stock: a conditional update
 * whose row count decides, so concurrent buyers never take more than there is.
 * @returns the units left after it, or undefined when they were not taken
 */
export async function takeStock(db: Trx, key: SkuKey, quantity: number): Promise<number | undefined> {
  const row = await db
    .updateTable('listing_skus')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('listing_id', '=', key.listingId)
    .where('sku_id', '=', key.skuId)
    .where('stock', '>=', quantity)
    .returning('stock')
    .executeTakeFirst()
  return row === undefined ? undefined : Number(row.stock)
}

/** Puts `quantity` units of a listing SKU back on the shelf. */
export function returnStock(db: Trx, key: SkuKey, quantity: number) {
  return db
    .updateTable('listing_skus')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('listing_id', '=', key.listingId)
    .where('sku_id', '=', key.skuId)
    .execute()
}

/**
 * Adds sold units (or, negative, takes them back) and their recommend score to listings, in
 * one statement for any number of them, and returns each listing's shop with its name.
 * @param sales one entry per listing
 */
export function addListingSales(db: Trx, sales: { listingId: number; units: number; scorePoints: number }[]) {
  const caseOf = (value: (s: (typeof sales)[number]) => number) =>
    sql<number>`case id ${sql.join(
      sales.map((s) => sql`when ${s.listingId} then cast(${value(s)} as integer)`),
      sql` `,
    )} end`
  return db
    .updateTable('listings')
    .set((eb) => ({
      sales_count: eb(
        'sales_count',
        '+',
        caseOf((s) => s.units),
      ),
      recommend_score: eb(
        'recommend_score',
        '+',
        caseOf((s) => s.scorePoints),
      ),
    }))
    .where(
      'id',
      'in',
      sales.map((s) => s.listingId),
    )
    .returning([
      'id',
      'shop_id',
      (eb) => eb.selectFrom('shops').select('shops.name').whereRef('shops.id', '=', 'listings.shop_id').as('shop_name'),
    ])
    .execute()
}

/** Whether a listing exists (on the shelf or not). */
export async function listingExists(db: Trx, listingId: number): Promise<boolean> {
  return (await db.selectFrom('listings').select('id').where('id', '=', listingId).executeTakeFirst()) !== undefined
}

/** Adds `delta` (+1 or −1) to a listing's followers, never below zero. */
export function addListingFollowers(db: Trx, listingId: number, delta: 1 | -1) {
  let q = db
    .updateTable('listings')
    .set((eb) => ({ followers: eb('followers', '+', delta) }))
    .where('id', '=', listingId)
  if (delta < 0) q = q.where('followers', '>', 0)
  return q.execute()
}

/** Adds `delta` (+1 or −1) to a shop's followers, never below zero. */
export function addShopFollowers(db: Trx, shopId: number, delta: 1 | -1) {
  let q = db
    .updateTable('shops')
    .set((eb) => ({ followers: eb('followers', '+', delta) }))
    .where('id', '=', shopId)
  if (delta < 0) q = q.where('followers', '>', 0)
  return q.execute()
}

/** Title, price, main image and shop of listings by id (lists of saved goods). */
export function findListingCards(db: Trx, listingIds: number[]) {
  if (listingIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .leftJoin('product_images as i', 'i.id', 'l.main_image_id')
    .select(['l.id', 'p.title', 'l.price_cents', 's.id as shop_id', 's.name as shop_name', 'i.id as image_id', 'i.width', 'i.height'])
    .where('l.id', 'in', listingIds)
    .execute()
}

/** Adds units to several shops' sales counts in one UPDATE (a payment of orders of several shops); `sales` not empty. */
export async function addShopsSales(db: Trx, sales: { shopId: number; units: number }[]): Promise<void> {
  await db
    .updateTable('shops')
    .set((eb) => ({
      sales_count: eb(
        'sales_count',
        '+',
        sql<number>`case id ${sql.join(
          sales.map((s) => sql`when ${s.shopId} then cast(${s.units} as integer)`),
          sql` `,
        )} end`,
      ),
    }))
    .where(
      'id',
      'in',
      sales.map((s) => s.shopId),
    )
    .execute()
}

/** Adds units (negative: takes them back) to a shop's sales count; compiled once (a payment runs it). */
export async function addShopSales(db: Trx, shopId: number, units: number): Promise<void> {
  await shopSales(db, { shopId, units })
}

const shopSales = preparedStatement((db, p: { shopId: number; units: number }) =>
  db
    .updateTable('shops')
    .set((eb) => ({ sales_count: eb('sales_count', '+', p.units) }))
    .where('id', '=', p.shopId),
)
