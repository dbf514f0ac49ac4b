import { type Expression, type Insertable, type SqlBool, sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { ListingSkusTable, ListingsTable } from './tables.ts'

/** A page of catalogue products by id (keyset after `afterId`) in a category scope and matching keywords; reads `limit + 1`. */
export function findProductPage(
  db: Trx,
  filter: {
    column?: 'category_id' | 'top_category_id'
    value?: number
    match?: Expression<SqlBool>
    /** One product only (the catalogue's single-product read). */
    productId?: number
    afterId?: number
    limit: number
  },
) {
  let q = db
    .selectFrom('products as p')
    .leftJoin('product_images as i', (j) => j.onRef('i.product_id', '=', 'p.id').on('i.position', '=', 0))
    .select([
      'p.id',
      'p.title',
      'p.brand',
      'p.category_id',
      'p.top_category_id',
      'p.rating_hundredths',
      'i.id as image_id',
      'i.width',
      'i.height',
    ])
  if (filter.column && filter.value !== undefined) q = q.where(`p.${filter.column}`, '=', filter.value)
  if (filter.match) q = q.where(filter.match)
  if (filter.productId !== undefined) q = q.where('p.id', '=', filter.productId)
  if (filter.afterId !== undefined) q = q.where('p.id', '>', filter.afterId)
  return q
    .orderBy('p.id')
    .limit(filter.limit + 1)
    .execute()
}

/** The SKUs of products with their catalogue and purchase prices, in position order. */
export function findSkusOf(db: Trx, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('skus')
    .select(['id', 'product_id', 'code', 'name', 'price_cents', 'list_price_cents', 'discount_basis_points', 'purchase_price_cents'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute()
}

/** A shop's listings of products (deleted ones included), by product. */
export function findShopListingsOf(db: Trx, shopId: number, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('listings')
    .select(['id', 'product_id', 'status', 'deleted_at_ms', 'sales_count'])
    .where('shop_id', '=', shopId)
    .where('product_id', 'in', productIds)
    .execute()
}

/** One product's fields a listing copies, or undefined. */
export function findProductForListing(db: Trx, productId: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('product_images as i', (j) => j.onRef('i.product_id', '=', 'p.id').on('i.position', '=', 0))
    .select(['p.id', 'p.category_id', 'p.top_category_id', 'p.rating_hundredths', 'i.id as image_id'])
    .where('p.id', '=', productId)
    .executeTakeFirst()
}

/** Inserts a listing and returns its id. */
export function insertListing(db: Trx, row: Insertable<ListingsTable>) {
  return db.insertInto('listings').values(row).returning('id').executeTakeFirstOrThrow()
}

/** Brings a deleted listing back with new prices. */
export function reviveListing(db: Trx, listingId: number, row: Partial<Insertable<ListingsTable>>) {
  return db
    .updateTable('listings')
    .set({ ...row, deleted_at_ms: null })
    .where('id', '=', listingId)
    .where('deleted_at_ms', 'is not', null)
    .executeTakeFirst()
}

/** Replaces a listing's SKUs. */
export async function replaceListingSkus(db: Trx, listingId: number, rows: Insertable<ListingSkusTable>[]) {
  await db.deleteFrom('listing_skus').where('listing_id', '=', listingId).execute()
  if (rows.length > 0) await db.insertInto('listing_skus').values(rows).execute()
}

/** A shop's listing (not deleted), or undefined. */
export function findShopListing(db: Trx, shopId: number, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['id', 'status', 'product_id'])
    .where('id', '=', listingId)
    .where('shop_id', '=', shopId)
    .where('deleted_at_ms', 'is', null)
    .executeTakeFirst()
}

/**
 * Moves a listing between shelf states with a conditional update (so a repeated or racing
 * call changes nothing twice).
 * @returns whether it moved
 */
export async function moveListing(
  db: Trx,
  shopId: number,
  listingId: number,
  from: 'on_sale' | 'off_shelf',
  changes: { status: 'on_sale' | 'off_shelf'; deleted_at_ms?: number },
): Promise<boolean> {
  const r = await db
    .updateTable('listings')
    .set(changes)
    .where('id', '=', listingId)
    .where('shop_id', '=', shopId)
    .where('status', '=', from)
    .where('deleted_at_ms', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** A page of a shop's listings (not deleted), newest first, before an id; reads `limit + 1`. */
export function findMerchantListingPage(
  db: Trx,
  shopId: number,
  query: { status?: string; beforeId?: number; limit: number; id?: number },
) {
  let q = db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_images as i', 'i.id', 'l.main_image_id')
    .select([
      'l.id',
      'l.product_id',
      'p.title',
      'l.status',
      'l.category_id',
      'l.price_cents',
      'l.sales_count',
      'l.created_at_ms',
      'i.id as image_id',
      'i.width',
      'i.height',
    ])
    .where('l.shop_id', '=', shopId)
    .where('l.deleted_at_ms', 'is', null)
  if (query.status) q = q.where('l.status', '=', query.status)
  if (query.id !== undefined) q = q.where('l.id', '=', query.id)
  if (query.beforeId !== undefined) q = q.where('l.id', '<', query.beforeId)
  return q
    .orderBy('l.id', 'desc')
    .limit(query.limit + 1)
    .execute()
}

/** SKUs of listings with their names, sale and purchase prices and stock. */
export function findListingSkuRows(db: Trx, listingIds: number[]) {
  if (listingIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('listing_skus as ls')
    .innerJoin('skus as k', 'k.id', 'ls.sku_id')
    .select(['ls.listing_id', 'k.id as sku_id', 'k.name', 'ls.price_cents', 'k.purchase_price_cents', 'ls.stock'])
    .where('ls.listing_id', 'in', listingIds)
    .orderBy('ls.listing_id')
    .orderBy('k.position')
    .execute()
}

/** A shop's on-sale listing ids, newest first. */
export function findOnSaleIds(db: Trx, shopId: number) {
  return db
    .selectFrom('listings')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('status', '=', 'on_sale')
    .where('deleted_at_ms', 'is', null)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Takes listings off the shelf. */
export function shelveListings(db: Trx, shopId: number, listingIds: number[]) {
  if (listingIds.length === 0) return Promise.resolve()
  return db
    .updateTable('listings')
    .set({ status: 'off_shelf' })
    .where('shop_id', '=', shopId)
    .where('id', 'in', listingIds)
    .where('status', '=', 'on_sale')
    .execute()
    .then(() => undefined)
}

/**
 * Listing SKUs with what their price is made of: the SKU's purchase and list prices, the
 * listing's shop and level, and the listing's traffic points and score. Scoped by shops,
 * SKUs or shop levels (at least one).
 */
export function findPricedListingSkus(db: Trx, scope: { shopIds?: number[]; skuIds?: number[]; levels?: number[] }) {
  let q = db
    .selectFrom('listing_skus as ls')
    .innerJoin('listings as l', 'l.id', 'ls.listing_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .innerJoin('skus as k', 'k.id', 'ls.sku_id')
    .select([
      'ls.listing_id',
      'ls.sku_id',
      'ls.price_cents',
      'ls.list_price_cents',
      'k.purchase_price_cents',
      'k.list_price_cents as catalogue_list_price_cents',
      's.level',
      'l.traffic_points',
    ])
  if (scope.shopIds) q = q.where('l.shop_id', 'in', scope.shopIds.length ? scope.shopIds : [-1])
  if (scope.levels) q = q.where('s.level', 'in', scope.levels.length ? scope.levels : [-1])
  if (scope.skuIds)
    q = q.where('ls.listing_id', 'in', (eb) =>
      eb
        .selectFrom('listing_skus')
        .select('listing_id')
        .where('sku_id', 'in', scope.skuIds!.length ? scope.skuIds! : [-1]),
    )
  return q.orderBy('ls.listing_id').execute()
}

/** Sets one listing SKU's sale and list prices. */
export function setListingSkuPrice(db: Trx, listingId: number, skuId: number, priceCents: number, listPriceCents: number) {
  return db
    .updateTable('listing_skus')
    .set({ price_cents: priceCents, list_price_cents: listPriceCents })
    .where('listing_id', '=', listingId)
    .where('sku_id', '=', skuId)
    .execute()
}

/** Sets a listing's card price (its lowest SKU's), discount and traffic points, moving its score by their change (catalog/ranking.ts). */
export function setListingPrice(
  db: Trx,
  listingId: number,
  p: { priceCents: number; listPriceCents: number; discountBasisPoints: number; trafficPoints: number },
) {
  return db
    .updateTable('listings')
    .set({
      price_cents: p.priceCents,
      list_price_cents: p.listPriceCents,
      discount_basis_points: p.discountBasisPoints,
      recommend_score: sql<number>`recommend_score - traffic_points - discount_basis_points / 100 + ${p.trafficPoints + Math.floor(p.discountBasisPoints / 100)}`,
      traffic_points: p.trafficPoints,
    })
    .where('id', '=', listingId)
    .execute()
}
