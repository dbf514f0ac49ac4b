import type {
  CategoryNode,
  ListingPage,
  ProductDetail,
  ProductListQuery,
  ShopListQuery,
  ShopPage,
  ShopSummary,
} from '@bazaar/contract/catalog'
import { type SqlBool, sql } from 'kysely'
import type { Db, Trx } from '../../db/database.ts'
import { productMatches, searchTerms } from '../../db/fulltext.ts'
import { catalogueRevision } from '../../db/seed/meta.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../../platform/image-ref.ts'
import { reviewSummary } from '../review/summary-service.ts'
import { toListingCards } from './listing-cards.ts'
import * as repo from './repo.ts'
import { rankedProductIds, searchByRelevance } from './search-service.ts'

type CategoryTree = { items: CategoryNode[] }

/** Each database's category tree, with the catalogue import it was read at. */
const categoryTrees = new WeakMap<Db, { revision: string | undefined; tree: Promise<CategoryTree> }>()

/**
 * The two-level category tree (SPEC §2 classify): top-level categories with their leaves and
 * their numbers of products. Only a catalogue import changes it, so it is read once per import
 * and kept in memory: each call checks the import's revision (one primary-key read, so every
 * node sees a new import on its next request) instead of counting the products again (19 ms
 * at 10,000 products; home's first screen inlines it).
 */
export async function categoryTree(db: Db): Promise<CategoryTree> {
  // The revision is read before the tree: an import committing in between is seen next time.
  const revision = await catalogueRevision(db.kysely)
  const cached = categoryTrees.get(db)
  if (cached && cached.revision === revision) return cached.tree
  const entry = { revision, tree: readCategoryTree(db) }
  categoryTrees.set(db, entry)
  entry.tree.catch(() => {
    if (categoryTrees.get(db) === entry) categoryTrees.delete(db)
  })
  return entry.tree
}

async function readCategoryTree(db: Db): Promise<CategoryTree> {
  const rows = await repo.findCategories(db.kysely)
  const toCategory = (r: (typeof rows)[number]) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    parentId: r.parent_id,
    level: r.level === 1 ? (1 as const) : (2 as const),
    image: imageRef(r.image_id, r.image_width, r.image_height),
    productCount: Number(r.product_count ?? 0),
  })
  const tops = rows.filter((r) => r.parent_id === null)
  return { items: tops.map((t) => ({ ...toCategory(t), children: rows.filter((r) => r.parent_id === t.id).map(toCategory) })) }
}

/**
 * A page of the product list (SPEC §2 product list, search): on-sale listings filtered by
 * category (a top-level one includes its leaves), shop, price range in cents and keywords,
 * in the chosen sort, after the cursor. New rows never shift a cursor's page (keyset).
 * @throws 'Category not found' | 'Shop not found' | 'Invalid cursor' | 'Please enter key words'
 */
export async function listProducts(db: Db, query: ProductListQuery): Promise<ListingPage> {
  let scope: repo.ListingFilter['scope']
  if (query.categoryId !== undefined) {
    const category = await repo.findCategory(db.kysely, query.categoryId)
    if (!category) throw new AppError('Category not found')
    scope = { column: category.level === 1 ? 'top_category_id' : 'category_id', value: category.id }
  } else if (query.shopId !== undefined) {
    if (!(await repo.findShop(db.kysely, query.shopId))) throw new AppError('Shop not found')
    scope = { column: 'shop_id', value: query.shopId }
  }
  let keywordsMatch: repo.ListingFilter['keywordsMatch']
  if (query.keywords !== undefined) {
    const terms = searchTerms(query.keywords)
    if (terms.length === 0) throw new AppError('Please enter key words')
    if (scope?.column === 'shop_id') {
      // One shop's listings: its own index bounds the walk.
      keywordsMatch = productMatches(db.dialect, 'l.product_id', terms)
    } else {
      const categoryScope = scope as { column: 'category_id' | 'top_category_id'; value: number } | undefined
      if (query.sort === 'recommend') return searchByRelevance(db, query, terms, categoryScope)
      // Another sort: the same bounded set of matching products, in that sort's keyset order.
      const ids = await rankedProductIds(db, terms, categoryScope)
      if (ids.length === 0) return { items: [], nextCursor: null }
      keywordsMatch = sql<SqlBool>`l.product_id in (${sql.join(ids)})`
    }
  }
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort)
  const rows = await repo.findListingPage(
    db.kysely,
    { scope, minPriceCents: query.minPriceCents, maxPriceCents: query.maxPriceCents, keywordsMatch },
    query.sort,
    after,
    query.limit,
  )
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const column = repo.sortColumns[query.sort].column
  return {
    items: await toListingCards(db.kysely, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: query.sort, value: last[column], id: last.id }) : null,
  }
}

/**
 * Product detail of a listing (SPEC §3 Product, buyer view) in four statements (BENCH G3).
 * Its review figures are the review module's (visible reviews of Bazaar buyers only); the
 * dataset's rating and list price are never part of it.
 * @throws 'Product not found' when the listing does not exist, is off the shelf or its shop is locked
 */
export async function productDetail(db: Db, listingId: number): Promise<ProductDetail> {
  const row = await repo.findListingDetail(db.kysely, listingId)
  if (row?.status !== 'on_sale' || row.shop_status !== 'active') throw new AppError('Product not found')
  const [skuRows, images, summary] = await Promise.all([
    repo.findListingSkus(db.kysely, listingId),
    repo.findProductImages(db.kysely, row.product_id),
    reviewSummary(db.kysely, listingId),
  ])
  const skus = skuRows.map((s) => ({
    id: s.id,
    code: s.code,
    name: s.name,
    options: JSON.parse(s.options_json) as Record<string, string>,
    priceCents: s.price_cents,
    stock: s.stock,
  }))
  return {
    id: row.id,
    productId: row.product_id,
    title: row.title,
    description: row.description,
    brand: row.brand,
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
    priceCents: row.price_cents,
    salesCount: row.sales_count,
    stock: skus.reduce((sum, s) => sum + s.stock, 0),
    followers: row.followers,
    freightCents: row.freight_cents,
    shipCountries: JSON.parse(row.ship_countries_json) as string[],
    reviewSummary: summary,
    images,
    attributes: JSON.parse(row.attributes_json) as Record<string, string>,
    specification: specificationOf(skus),
    skus,
    shop: {
      id: row.shop_id,
      name: row.shop_name,
      bio: row.shop_bio,
      level: row.shop_level,
      listingCount: row.shop_listing_count,
      salesCount: row.shop_sales_count,
      followers: row.shop_followers,
      createdAtMs: row.shop_created_at_ms,
      isDemo: row.shop_is_demo === 1,
      hasLogo: row.shop_logo_upload_id !== null,
    },
  }
}

/** Option names with their distinct values in SKU order, e.g. [{name:'size', values:['S','M']}]. */
function specificationOf(skus: { options: Record<string, string> }[]) {
  const byName = new Map<string, string[]>()
  for (const sku of skus) {
    for (const [name, value] of Object.entries(sku.options)) {
      const values = byName.get(name) ?? []
      if (!values.includes(value)) values.push(value)
      byName.set(name, values)
    }
  }
  return [...byName].map(([name, values]) => ({ name, values }))
}

type ShopRow = NonNullable<Awaited<ReturnType<typeof repo.findShop>>>
const toShop = (s: ShopRow): ShopSummary => ({
  id: s.id,
  name: s.name,
  bio: s.bio,
  level: s.level,
  listingCount: s.listing_count,
  salesCount: s.sales_count,
  followers: s.followers,
  createdAtMs: s.created_at_ms,
  isDemo: s.is_demo === 1,
  hasLogo: s.logo_upload_id !== null,
})

/**
 * Shop home header (SPEC §2 shop_home).
 * @throws 'Shop not found'
 */
export async function shopSummary(db: Db, shopId: number): Promise<ShopSummary> {
  const shop = await repo.findShop(db.kysely, shopId)
  if (!shop) throw new AppError('Shop not found')
  return toShop(shop)
}

/** Shops' header figures by id (followed shops). */
export async function shopsByIds(trx: Trx, shopIds: number[]): Promise<Map<number, ShopSummary>> {
  const rows = await repo.findShops(trx, [...new Set(shopIds)])
  return new Map(rows.map((r) => [r.id, toShop(r)]))
}

/**
 * The shop list (SPEC §2 listshop), oldest first, cursor-paginated.
 * @throws 'Invalid cursor'
 */
export async function listShops(db: Db, query: ShopListQuery): Promise<ShopPage> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'shops')
  const rows = await repo.findShopPage(db.kysely, after?.id, query.limit)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page.map(toShop),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: 'shops', value: 0, id: last.id }) : null,
  }
}

/** The id of the shop a user owns, or undefined (the merchant guard, account cancellation). */
export async function shopIdOfOwner(trx: Trx, userId: number): Promise<number | undefined> {
  return (await repo.findShopIdByOwner(trx, userId))?.id
}

/** Names and owners of shops by id (order lists show the shop; refunds tell its owner). */
export async function shopNames(trx: Trx, shopIds: number[]): Promise<Map<number, { name: string; ownerUserId: number }>> {
  const rows = await repo.findShopNames(trx, [...new Set(shopIds)])
  return new Map(rows.map((r) => [r.id, { name: r.name, ownerUserId: r.owner_user_id }]))
}

/** Pixel sizes of product images by id (order lines keep the image id of what was bought). */
export async function imageSizes(trx: Trx, imageIds: number[]): Promise<Map<number, { width: number; height: number }>> {
  const rows = await repo.findImageSizes(trx, [...new Set(imageIds)])
  return new Map(rows.map((r) => [r.id, { width: r.width, height: r.height }]))
}

/**
 * Where a product image's original lives (`catalogue:…` or `uploads:…`), for the media routes.
 * @throws 'Image not found'
 */
export async function imageSource(trx: Trx, imageId: number): Promise<string> {
  const row = await repo.findImageSource(trx, imageId)
  if (!row) throw new AppError('Image not found')
  return row.source
}
