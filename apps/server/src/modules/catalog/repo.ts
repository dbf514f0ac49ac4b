import { type Expression, type SqlBool, sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { preparedStatement } from '../../db/prepared.ts'

/** All categories with their image's size and their number of products, in tree order. */
export function findCategories(db: Trx) {
  return db
    .selectFrom('categories as c')
    .leftJoin('product_images as i', 'i.id', 'c.image_id')
    .select([
      'c.id',
      'c.slug',
      'c.name',
      'c.parent_id',
      'c.level',
      'c.sort_order',
      'i.id as image_id',
      'i.width as image_width',
      'i.height as image_height',
    ])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .select(eb.fn.countAll<number>().as('n'))
        .where((w) => w.or([w('p.category_id', '=', w.ref('c.id')), w('p.top_category_id', '=', w.ref('c.id'))]))
        .as('product_count'),
    )
    .orderBy('c.level')
    .orderBy('c.sort_order')
    .execute()
}

const categoryById = preparedStatement((db, p: { id: number }) =>
  db.selectFrom('categories').select(['id', 'level']).where('id', '=', p.id),
)

/** One category by id, or undefined (compiled once). */
export async function findCategory(db: Trx, id: number) {
  const [row] = (await categoryById(db, { id })).rows
  return row
}

/** Which column and direction a sort reads, and the keyset comparison for the next page. */
export const sortColumns = {
  recommend: { column: 'recommend_score', direction: 'desc' },
  sales: { column: 'sales_count', direction: 'desc' },
  price_asc: { column: 'price_cents', direction: 'asc' },
  price_desc: { column: 'price_cents', direction: 'desc' },
} as const

export interface ListingFilter {
  scope: { column: 'category_id' | 'top_category_id' | 'shop_id'; value: number } | undefined
  minPriceCents: number | undefined
  maxPriceCents: number | undefined
  keywordsMatch: Expression<SqlBool> | undefined
}

/**
 * The on-sale listings of active shops with a product card's columns (`ListingCardRow`), for
 * the list and the search to narrow and order.
 */
export function onSaleListingCards(db: Trx) {
  return (
    db
      .selectFrom('listings as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      // A cross join with the condition in WHERE: SQLite then keeps listings as the outer loop
      // and walks the scope's sort index. With an inner join its planner started from the 500
      // shops and sorted their listings (180 ms instead of 1 ms at 100k listings, BENCH G1).
      .crossJoin('shops as s')
      .whereRef('s.id', '=', 'l.shop_id')
      .leftJoin('product_images as i', 'i.id', 'l.main_image_id')
      .select([
        'l.id',
        'l.product_id',
        'p.title',
        'p.brand',
        'l.price_cents',
        'l.sales_count',
        'l.recommend_score',
        'i.id as image_id',
        'i.width as image_width',
        'i.height as image_height',
        'l.shop_id',
        's.name as shop_name',
      ])
      .where('l.status', '=', 'on_sale')
      .where('s.status', '=', 'active')
  )
}

/** What decides a listing page statement's text; its values are bound (ListingPageValues). */
interface ListingPageShape {
  scope: 'category_id' | 'top_category_id' | 'shop_id' | undefined
  sort: keyof typeof sortColumns
  minPrice: boolean
  maxPrice: boolean
  after: boolean
}

/** The bound values of a listing page statement: those its shape uses. */
type ListingPageValues = Partial<Record<'scopeValue' | 'minPriceCents' | 'maxPriceCents' | 'afterValue' | 'afterId', number>> & {
  rows: number
}

function listingPageQuery(db: Trx, shape: ListingPageShape, values: ListingPageValues, keywordsMatch?: Expression<SqlBool>) {
  const { column, direction } = sortColumns[shape.sort]
  const sortRef = `l.${column}` as const
  let query = onSaleListingCards(db)
  if (shape.scope) query = query.where(`l.${shape.scope}`, '=', values.scopeValue as number)
  if (shape.minPrice) query = query.where('l.price_cents', '>=', values.minPriceCents as number)
  if (shape.maxPrice) query = query.where('l.price_cents', '<=', values.maxPriceCents as number)
  if (keywordsMatch) query = query.where(keywordsMatch)
  if (shape.after) {
    const op = direction === 'asc' ? '>' : '<'
    query = query.where(sql<SqlBool>`(${sql.ref(sortRef)}, l.id) ${sql.raw(op)} (${values.afterValue}, ${values.afterId})`)
  }
  return query.orderBy(sortRef, direction).orderBy('l.id', direction).limit(values.rows)
}

const listingPageStatement = (shape: ListingPageShape) =>
  preparedStatement((db, values: ListingPageValues) => listingPageQuery(db, shape, values))

/** One compiled statement per shape: at most 4 scopes × 4 sorts × 8 = 128. */
const listingPageStatements = new Map<string, ReturnType<typeof listingPageStatement>>()

/**
 * One page of on-sale listings: a single keyset query over one index, the card's product
 * fields, main image and shop name joined by primary key (BENCH.md G1). Reads `limit + 1`
 * rows so the caller knows whether another page follows. Without keywords the statement is
 * compiled once per shape (scope, sort, price bounds, cursor); a keyword match (its product
 * ids in the text) is built each time.
 */
export async function findListingPage(
  db: Trx,
  filter: ListingFilter,
  sort: keyof typeof sortColumns,
  after: { value: number; id: number } | undefined,
  limit: number,
) {
  const shape: ListingPageShape = {
    scope: filter.scope?.column,
    sort,
    minPrice: filter.minPriceCents !== undefined,
    maxPrice: filter.maxPriceCents !== undefined,
    after: after !== undefined,
  }
  const values: ListingPageValues = { rows: limit + 1 }
  if (filter.scope) values.scopeValue = filter.scope.value
  if (filter.minPriceCents !== undefined) values.minPriceCents = filter.minPriceCents
  if (filter.maxPriceCents !== undefined) values.maxPriceCents = filter.maxPriceCents
  if (after) Object.assign(values, { afterValue: after.value, afterId: after.id })
  if (filter.keywordsMatch) return listingPageQuery(db, shape, values, filter.keywordsMatch).execute()
  const key = JSON.stringify(shape)
  let statement = listingPageStatements.get(key)
  if (!statement) {
    statement = listingPageStatement(shape)
    listingPageStatements.set(key, statement)
  }
  return (await statement(db, values)).rows
}

/**
 * The listing with its product, category and shop, in one statement (statement 1 of the ≤ 4
 * of BENCH.md G3; the review summary is the review module's, statement 4). Compiled once.
 */
const listingDetail = preparedStatement((db, p: { listingId: number }) =>
  db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .select([
      'l.id',
      'l.product_id',
      'l.status',
      'l.price_cents',
      'l.sales_count',
      'l.followers',
      'p.title',
      'p.description',
      'p.brand',
      'p.attributes_json',
      'c.id as category_id',
      'c.slug as category_slug',
      'c.name as category_name',
      's.id as shop_id',
      's.name as shop_name',
      's.bio as shop_bio',
      's.level as shop_level',
      's.freight_cents',
      's.ship_countries_json',
      's.listing_count as shop_listing_count',
      's.sales_count as shop_sales_count',
      's.followers as shop_followers',
      's.created_at_ms as shop_created_at_ms',
      's.status as shop_status',
      's.is_demo as shop_is_demo',
      's.logo_upload_id as shop_logo_upload_id',
    ])
    .where('l.id', '=', p.listingId),
)

/** The listing with its product, category and shop (statement 1), or undefined. */
export async function findListingDetail(db: Trx, listingId: number) {
  const [row] = (await listingDetail(db, { listingId })).rows
  return row
}

const listingSkus = preparedStatement((db, p: { listingId: number }) =>
  db
    .selectFrom('listing_skus as ls')
    .innerJoin('skus as k', 'k.id', 'ls.sku_id')
    .select(['k.id', 'k.code', 'k.name', 'k.options_json', 'ls.price_cents', 'ls.stock'])
    .where('ls.listing_id', '=', p.listingId)
    .orderBy('k.position'),
)

/** The listing's SKUs with their options, in catalogue order (statement 2). */
export async function findListingSkus(db: Trx, listingId: number) {
  return (await listingSkus(db, { listingId })).rows
}

const productImages = preparedStatement((db, p: { productId: number }) =>
  db.selectFrom('product_images').select(['id', 'width', 'height']).where('product_id', '=', p.productId).orderBy('position'),
)

/** The product's photos in order (statement 3). */
export async function findProductImages(db: Trx, productId: number) {
  return (await productImages(db, { productId })).rows
}

const shopColumns = [
  'id',
  'name',
  'bio',
  'level',
  'listing_count',
  'sales_count',
  'followers',
  'created_at_ms',
  'is_demo',
  'logo_upload_id',
] as const

/** One shop by id, or undefined. */
export function findShop(db: Trx, shopId: number) {
  return db.selectFrom('shops').select(shopColumns).where('id', '=', shopId).executeTakeFirst()
}

/** Shops by id. */
export function findShops(db: Trx, shopIds: number[]) {
  if (shopIds.length === 0) return Promise.resolve([])
  return db.selectFrom('shops').select(shopColumns).where('id', 'in', shopIds).execute()
}

/** A page of shops by id (newest last), keyset after `afterId`; reads `limit + 1`. */
export function findShopPage(db: Trx, afterId: number | undefined, limit: number) {
  let query = db.selectFrom('shops').select(shopColumns)
  if (afterId !== undefined) query = query.where('id', '>', afterId)
  return query
    .orderBy('id')
    .limit(limit + 1)
    .execute()
}

/** The id of the shop a user owns, or undefined. */
export function findShopIdByOwner(db: Trx, userId: number) {
  return db.selectFrom('shops').select('id').where('owner_user_id', '=', userId).executeTakeFirst()
}

/** Ids, names and owners of shops. */
export function findShopNames(db: Trx, shopIds: number[]) {
  if (shopIds.length === 0) return Promise.resolve([])
  return db.selectFrom('shops').select(['id', 'name', 'owner_user_id']).where('id', 'in', shopIds).execute()
}

/** Pixel sizes of product images. */
export function findImageSizes(db: Trx, imageIds: number[]) {
  if (imageIds.length === 0) return Promise.resolve([])
  return db.selectFrom('product_images').select(['id', 'width', 'height']).where('id', 'in', imageIds).execute()
}

/** Where a product image's original lives (`catalogue:…` or `uploads:…`), or undefined. */
export function findImageSource(db: Trx, imageId: number) {
  return db.selectFrom('product_images').select('source').where('id', '=', imageId).executeTakeFirst()
}
