import type { Kysely } from 'kysely'
import { loadConfig } from '../../apps/server/src/config.ts'
import type { Db } from '../../apps/server/src/db/database.ts'
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts'
import type { Database } from '../../apps/server/src/db/schema.ts'
import { demoShops } from '../../apps/server/src/db/seed/demo-shops.ts'
import { seedDatabase } from '../../apps/server/src/db/seed/seed.ts'

/** A real catalogue product as imported by the server's seed, with its SKUs and photos. */
export interface BaseProduct {
  id: number
  slug: string
  title: string
  description: string
  brand: string | null
  category_id: number
  top_category_id: number
  rating_hundredths: number | null
  attributes_json: string
  tags: string
  skus: {
    id: number
    code: string
    name: string
    options_json: string
    list_price_cents: number
    discount_basis_points: number
    price_cents: number
    position: number
  }[]
  images: { id: number; position: number; source: string; width: number; height: number }[]
}

/** The imported catalogue and the first free id of each table the plan adds to. */
export interface BaseCatalogue {
  products: BaseProduct[]
  nextIds: { productId: number; skuId: number; imageId: number }
}

/**
 * Runs what the server runs at its first start: the real migrations and `seedDatabase`
 * (catalogue import, demo shops, articles), with the server's default folders.
 */
export async function seedLikeTheServer(db: Db): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'production' })
  await migrateToLatest(db)
  await seedDatabase(db, { catalogueDir: config.CATALOGUE_DIR, articlesDir: config.ARTICLES_DIR, progress: false })
}

/**
 * Removes the demo shops that `seedDatabase` created (their listings, SKUs, applications,
 * wallet accounts and users).
 * Why: on every start the server lists each catalogue product not yet listed by a demo
 * shop, which would list every bench clone at boot; the bench wants exactly 500 uniform shops.
 */
export async function removeDemoShops(db: Kysely<Database>): Promise<void> {
  const emails = demoShops.map((s) => s.email)
  await db.transaction().execute(async (trx) => {
    const shopIds = trx
      .selectFrom('shops')
      .innerJoin('users', 'users.id', 'shops.owner_user_id')
      .select('shops.id')
      .where('users.email', 'in', emails)
    const listingIds = trx.selectFrom('listings').select('id').where('shop_id', 'in', shopIds)
    await trx.deleteFrom('listing_skus').where('listing_id', 'in', listingIds).execute()
    await trx.deleteFrom('reviews').where('listing_id', 'in', listingIds).execute()
    await trx.deleteFrom('listings').where('shop_id', 'in', shopIds).execute()
    await trx.deleteFrom('shops').where('id', 'in', shopIds).execute()
    // Their shop applications and (empty) wallet and bond accounts refer to the users too.
    const userIds = trx.selectFrom('users').select('id').where('email', 'in', emails)
    await trx.deleteFrom('shop_applications').where('user_id', 'in', userIds).execute()
    await trx.deleteFrom('ledger_accounts').where('owner_user_id', 'in', userIds).execute()
    await trx.deleteFrom('users').where('email', 'in', emails).execute()
  })
}

/** Reads the imported catalogue (products by id, SKUs and photos by position). */
export async function readBase(db: Kysely<Database>): Promise<BaseCatalogue> {
  const products = await db
    .selectFrom('products')
    .select([
      'id',
      'slug',
      'title',
      'description',
      'brand',
      'category_id',
      'top_category_id',
      'rating_hundredths',
      'attributes_json',
      'tags',
    ])
    .orderBy('id')
    .execute()
  const skus = await db
    .selectFrom('skus')
    .select(['id', 'product_id', 'code', 'name', 'options_json', 'list_price_cents', 'discount_basis_points', 'price_cents', 'position'])
    .orderBy('product_id')
    .orderBy('position')
    .execute()
  const images = await db
    .selectFrom('product_images')
    .select(['id', 'product_id', 'position', 'source', 'width', 'height'])
    .orderBy('product_id')
    .orderBy('position')
    .execute()
  const max = (ids: number[]) => ids.reduce((a, b) => Math.max(a, b), 0)
  return {
    products: products.map((p) => ({
      ...p,
      skus: skus.filter((s) => s.product_id === p.id),
      images: images.filter((i) => i.product_id === p.id),
    })),
    nextIds: {
      productId: max(products.map((p) => p.id)) + 1,
      skuId: max(skus.map((s) => s.id)) + 1,
      imageId: max(images.map((i) => i.id)) + 1,
    },
  }
}

/** Search words a buyer might type: the real catalogue's title, brand and tag words (3+ letters, no bare numbers). */
export function catalogueKeywords(base: BaseCatalogue): string[] {
  const words = new Set<string>()
  for (const p of base.products) {
    // Same word split as the server's searchTerms (which also caps a query at 8 words).
    const text = `${p.title} ${p.brand ?? ''} ${p.tags}`.normalize('NFKC').toLowerCase()
    for (const w of text.match(/[\p{L}\p{N}]+/gu) ?? []) if (w.length >= 3 && !/^\d+$/.test(w)) words.add(w)
  }
  return [...words].sort()
}
