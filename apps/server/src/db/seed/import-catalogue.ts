import path from 'node:path'
import { discountedCents, percentToBasisPoints } from '@bazaar/contract/money'
import { SingleBar } from 'cli-progress'
import type { Kysely } from 'kysely'
import { loadSharp } from '../../platform/sharp.ts'
import type { Db } from '../database.ts'
import type { Database } from '../schema.ts'
import type { Catalogue, CatalogueProduct } from './catalogue-file.ts'
import { getMeta, catalogueMetaKey as metaKey, setMeta } from './meta.ts'

/**
 * Imports the real catalogue (categories, products, SKUs, photos with their pixel sizes)
 * in one transaction, upserting by slug and SKU code so a re-run converges. Skips at once
 * when the files are unchanged since the last import.
 * @returns whether anything was written
 */
export async function importCatalogue(db: Db, catalogue: Catalogue, options: { progress: boolean }): Promise<boolean> {
  if ((await getMeta(db.kysely, metaKey)) === catalogue.sha256) return false
  const bar = options.progress
    ? new SingleBar({ format: 'catalogue [{bar}] {value}/{total} products', noTTYOutput: true, notTTYSchedule: 1000 })
    : undefined
  bar?.start(catalogue.products.length, 0)
  const sizes = await readImageSizes(catalogue)
  await db.kysely.transaction().execute(async (trx) => {
    const categoryIds = await upsertCategories(trx, catalogue)
    for (const product of catalogue.products) {
      await upsertProduct(trx, product, categoryIds, sizes)
      bar?.increment()
    }
    await linkCategoryImages(trx, catalogue, categoryIds)
    await setMeta(trx, metaKey, catalogue.sha256)
  })
  bar?.stop()
  return true
}

type Sizes = Map<string, { width: number; height: number }>

async function readImageSizes(catalogue: Catalogue): Promise<Sizes> {
  const sizes: Sizes = new Map()
  const all = catalogue.products.flatMap((p) => p.images)
  const sharp = await loadSharp()
  for (let i = 0; i < all.length; i += 16) {
    await Promise.all(
      all.slice(i, i + 16).map(async (image) => {
        const meta = await sharp(path.join(catalogue.dir, image)).metadata()
        if (!meta.width || !meta.height) throw new Error(`catalogue image without size: ${image}`)
        sizes.set(image, { width: meta.width, height: meta.height })
      }),
    )
  }
  return sizes
}

async function upsertCategories(trx: Kysely<Database>, catalogue: Catalogue): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  const ordered = [...catalogue.categories].sort((a, b) => a.level - b.level)
  for (const c of ordered) {
    const parentId = c.parent ? ids.get(c.parent) : null
    if (parentId === undefined) throw new Error(`category ${c.slug} has an unknown parent ${c.parent}`)
    const row = { slug: c.slug, name: c.name, parent_id: parentId, level: c.level, sort_order: c.sort_order }
    const { id } = await trx
      .insertInto('categories')
      .values(row)
      .onConflict((oc) => oc.column('slug').doUpdateSet(row))
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.set(c.slug, id)
  }
  return ids
}

async function upsertProduct(trx: Kysely<Database>, p: CatalogueProduct, categoryIds: Map<string, number>, sizes: Sizes): Promise<void> {
  const categoryId = categoryIds.get(p.category)
  const topCategoryId = await trx
    .selectFrom('categories')
    .select('parent_id')
    .where('id', '=', categoryId ?? -1)
    .executeTakeFirst()
  if (!categoryId || !topCategoryId?.parent_id) throw new Error(`product ${p.slug} is not in a leaf category`)
  const row = {
    slug: p.slug,
    title: p.title,
    description: p.description,
    brand: p.brand,
    category_id: categoryId,
    top_category_id: topCategoryId.parent_id,
    rating_hundredths: p.rating === null ? null : Math.round(p.rating * 100),
    attributes_json: JSON.stringify(p.attributes),
    tags: p.tags.join(' '),
    source_json: JSON.stringify(p.source),
    created_at_ms: Date.now(),
  }
  const { created_at_ms: _keep, ...update } = row
  const { id: productId } = await trx
    .insertInto('products')
    .values(row)
    .onConflict((oc) => oc.column('slug').doUpdateSet(update))
    .returning('id')
    .executeTakeFirstOrThrow()

  for (const [position, image] of p.images.entries()) {
    const size = sizes.get(image)
    if (!size) throw new Error(`no size for ${image}`)
    const imageRow = { product_id: productId, position, source: `catalogue:${image}`, width: size.width, height: size.height }
    await trx
      .insertInto('product_images')
      .values(imageRow)
      .onConflict((oc) => oc.columns(['product_id', 'position']).doUpdateSet(imageRow))
      .execute()
  }
  await trx.deleteFrom('product_images').where('product_id', '=', productId).where('position', '>=', p.images.length).execute()

  const discount = percentToBasisPoints(p.discount_percent)
  const variants =
    p.variants.length > 0 ? p.variants : [{ sku: p.sku, name: p.title, price_cents: p.price_cents, stock: p.stock, attributes: {} }]
  for (const [position, v] of variants.entries()) {
    const skuRow = {
      product_id: productId,
      code: v.sku,
      name: v.name,
      options_json: JSON.stringify(v.attributes),
      list_price_cents: v.price_cents,
      discount_basis_points: discount,
      price_cents: discountedCents(v.price_cents, discount),
      position,
    }
    // A new SKU's purchase price starts at 90 % of its price (migration 010's rule); a
    // re-import never overwrites what operators set since.
    await trx
      .insertInto('skus')
      .values({ ...skuRow, purchase_price_cents: Math.floor((skuRow.price_cents * 9 + 5) / 10) })
      .onConflict((oc) => oc.column('code').doUpdateSet(skuRow))
      .execute()
  }
}

async function linkCategoryImages(trx: Kysely<Database>, catalogue: Catalogue, categoryIds: Map<string, number>): Promise<void> {
  for (const c of catalogue.categories) {
    const image = await trx.selectFrom('product_images').select('id').where('source', '=', `catalogue:${c.image}`).executeTakeFirst()
    await trx
      .updateTable('categories')
      .set({ image_id: image?.id ?? null })
      .where('id', '=', categoryIds.get(c.slug) ?? -1)
      .execute()
  }
}
