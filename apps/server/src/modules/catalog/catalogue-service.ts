import type { CatalogueItem, CatalogueQuery } from '@bazaar/contract/merchant-listings'
import { salePriceCents } from '@bazaar/contract/merchant-values'
import type { Db } from '../../db/database.ts'
import { productMatches, searchTerms } from '../../db/fulltext.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../../platform/image-ref.ts'
import * as repo from './listing-repo.ts'

/**
 * The platform catalogue as a merchant lists from it (SPEC §2 goods_add, goods_add_detail):
 * each product with every SKU priced at the shop's profit ratio (sale = purchase / (1 − ratio),
 * rounded to the cent; profit = sale − purchase; cents) and the shop's own listing of it, if
 * any. The ratio comes from the caller (the bond module's level rules).
 */

type ProductRow = Awaited<ReturnType<typeof repo.findProductPage>>[number]

const pricedSku = (k: { id: number; name: string; purchase_price_cents: number }, ratioBp: number) => {
  const purchase = Number(k.purchase_price_cents)
  const sale = salePriceCents(purchase, ratioBp)
  return { skuId: k.id, name: k.name, purchasePriceCents: purchase, salePriceCents: sale, expectedProfitCents: sale - purchase }
}

/** Products as catalogue items: their SKUs priced at the ratio and the shop's live listing of each (two selects). */
async function itemsOf(db: Db, shopId: number, products: ProductRow[], profitRatioBasisPoints: number): Promise<CatalogueItem[]> {
  const ids = products.map((p) => p.id)
  const [skus, listings] = await Promise.all([repo.findSkusOf(db.kysely, ids), repo.findShopListingsOf(db.kysely, shopId, ids)])
  return products.map((p) => ({
    productId: p.id,
    title: p.title,
    brand: p.brand,
    categoryId: p.category_id,
    image: imageRef(p.image_id, p.width, p.height),
    profitRatioBasisPoints,
    skus: skus.filter((k) => k.product_id === p.id).map((k) => pricedSku(k, profitRatioBasisPoints)),
    listingId: listings.find((l) => l.product_id === p.id && l.deleted_at_ms === null)?.id ?? null,
  }))
}

/**
 * A page of the catalogue (goods_add): products by category (a top-level one includes its
 * leaves) and keywords, in id order.
 * @throws 'Invalid cursor' | 'Please enter key words' | 'Category not found'
 */
export async function catalogueForShop(
  db: Db,
  shopId: number,
  query: CatalogueQuery,
  profitRatioBasisPoints: number,
): Promise<{ items: CatalogueItem[]; nextCursor: string | null }> {
  let column: 'category_id' | 'top_category_id' | undefined
  if (query.categoryId !== undefined) {
    const category = await db.kysely.selectFrom('categories').select('level').where('id', '=', query.categoryId).executeTakeFirst()
    if (!category) throw new AppError('Category not found')
    column = category.level === 1 ? 'top_category_id' : 'category_id'
  }
  let match: ReturnType<typeof productMatches> | undefined
  if (query.keywords !== undefined) {
    const terms = searchTerms(query.keywords)
    if (terms.length === 0) throw new AppError('Please enter key words')
    match = productMatches(db.dialect, 'p.id', terms)
  }
  const rows = await repo.findProductPage(db.kysely, {
    column,
    value: query.categoryId,
    match,
    afterId: afterIdOf(query.cursor, 'catalogue'),
    limit: query.limit,
  })
  return {
    items: await itemsOf(db, shopId, rows.slice(0, query.limit), profitRatioBasisPoints),
    nextCursor: nextIdCursor(rows, query.limit, 'catalogue'),
  }
}

/**
 * One catalogue product (goods_add_detail opened from its link), priced as in the pages.
 * @throws 'Product not found'
 */
export async function catalogueItemForShop(
  db: Db,
  shopId: number,
  productId: number,
  profitRatioBasisPoints: number,
): Promise<CatalogueItem> {
  const [product] = await repo.findProductPage(db.kysely, { productId, limit: 1 })
  if (!product) throw new AppError('Product not found')
  const [item] = await itemsOf(db, shopId, [product], profitRatioBasisPoints)
  return item!
}
