import { randomBytes } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import type { Kysely } from 'kysely'
import { recommendScore } from '../../modules/catalog/ranking.ts'
import { newInvitationCode } from '../../platform/tokens.ts'
import type { Db } from '../database.ts'
import type { Database } from '../schema.ts'
import type { Catalogue } from './catalogue-file.ts'
import { getMeta, setMeta } from './meta.ts'

/**
 * The demo shops and which top-level categories each lists. Every catalogue product is
 * listed by exactly one demo shop, so the feed shows each product once.
 */
export const demoShops = [
  {
    email: 'merchant.gadgets@demo.bazaar.test',
    nickname: 'Gadget Harbor',
    bio: 'Phones, laptops and everything with a motor.',
    freightCents: 0,
    tops: ['electronics', 'vehicles'],
  },
  {
    email: 'merchant.home@demo.bazaar.test',
    nickname: 'Casa Verde',
    bio: 'For the home, the pantry and the bathroom shelf.',
    freightCents: 299,
    tops: ['home-living', 'food-drink', 'beauty'],
  },
  {
    email: 'merchant.fashion@demo.bazaar.test',
    nickname: 'Atelier Nine',
    bio: 'Dresses, shoes, bags and jewellery.',
    freightCents: 0,
    tops: ['womens-fashion'],
  },
  {
    email: 'merchant.street@demo.bazaar.test',
    nickname: 'Loom & Thread',
    bio: 'Menswear, streetwear and accessories.',
    freightCents: 199,
    tops: ['mens-fashion', 'apparel', 'accessories'],
  },
] as const

/** Stock given to a demo listing's SKU whose catalogue stock is 0 (the dataset's gap). */
export const demoFillStock = 100

const metaKey = 'demo_shops_v1'

/** A demo merchant login, printed once at the first start. */
export interface DemoCredential {
  email: string
  password: string
  shop: string
}

/**
 * Creates the demo merchant accounts and shops once (random passwords, argon2id hashed,
 * returned so the first start can print them; never a fixed default), then lists every
 * catalogue product not yet listed by its demo shop. Demo stock is the catalogue's stock,
 * or `demoFillStock` where the catalogue has none.
 * @returns the new credentials (empty after the first start)
 */
export async function seedDemoShops(db: Db, catalogue: Catalogue): Promise<DemoCredential[]> {
  const credentials: DemoCredential[] = []
  if (!(await getMeta(db.kysely, metaKey))) {
    const accounts = await Promise.all(
      demoShops.map(async (s) => {
        const password = randomBytes(12).toString('base64url')
        return { shop: s, password, passwordHash: await hash(password) }
      }),
    )
    await db.kysely.transaction().execute(async (trx) => {
      for (const { shop, password, passwordHash } of accounts) {
        const now = Date.now()
        const user = await trx
          .insertInto('users')
          .values({
            email: shop.email,
            password_hash: passwordHash,
            nickname: shop.nickname,
            role: 'merchant',
            invitation_code: newInvitationCode(),
            created_at_ms: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('shops')
          .values({
            owner_user_id: user.id,
            name: shop.nickname,
            bio: shop.bio,
            level: 1,
            freight_cents: shop.freightCents,
            created_at_ms: now,
          })
          .execute()
        credentials.push({ email: shop.email, password, shop: shop.nickname })
      }
      await setMeta(trx, metaKey, String(Date.now()))
    })
  }
  const stocks = catalogueStocks(catalogue)
  await db.kysely.transaction().execute((trx) => listCatalogueInDemoShops(trx, stocks))
  return credentials
}

async function listCatalogueInDemoShops(trx: Kysely<Database>, stocks: Map<string, number>): Promise<void> {
  for (const demo of demoShops) {
    const shop = await trx
      .selectFrom('shops')
      .innerJoin('users', 'users.id', 'shops.owner_user_id')
      .select('shops.id')
      .where('users.email', '=', demo.email)
      .executeTakeFirst()
    if (!shop) continue
    const products = await trx
      .selectFrom('products')
      .innerJoin('categories as top', 'top.id', 'products.top_category_id')
      .leftJoin('listings', (j) => j.onRef('listings.product_id', '=', 'products.id').on('listings.shop_id', '=', shop.id))
      .select(['products.id', 'products.category_id', 'products.top_category_id', 'products.rating_hundredths'])
      .where('top.slug', 'in', [...demo.tops])
      .where('listings.id', 'is', null)
      .orderBy('products.id')
      .execute()
    for (const product of products) {
      const skus = await trx.selectFrom('skus').selectAll().where('product_id', '=', product.id).orderBy('position').execute()
      const cheapest = skus.reduce((a, b) => (b.price_cents < a.price_cents ? b : a))
      const mainImage = await trx
        .selectFrom('product_images')
        .select('id')
        .where('product_id', '=', product.id)
        .orderBy('position')
        .executeTakeFirst()
      const listing = await trx
        .insertInto('listings')
        .values({
          shop_id: shop.id,
          product_id: product.id,
          category_id: product.category_id,
          top_category_id: product.top_category_id,
          status: 'on_sale',
          price_cents: cheapest.price_cents,
          list_price_cents: cheapest.list_price_cents,
          discount_basis_points: cheapest.discount_basis_points,
          rating_hundredths: product.rating_hundredths,
          recommend_score: recommendScore(0, product.rating_hundredths, cheapest.discount_basis_points),
          main_image_id: mainImage?.id ?? null,
          created_at_ms: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('listing_skus')
        .values(
          skus.map((s) => ({
            listing_id: listing.id,
            sku_id: s.id,
            price_cents: s.price_cents,
            list_price_cents: s.list_price_cents,
            stock: stocks.get(s.code) || demoFillStock,
          })),
        )
        .execute()
    }
    const count = await trx
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shop.id)
      .where('status', '=', 'on_sale')
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('shops')
      .set({ listing_count: Number(count.n) })
      .where('id', '=', shop.id)
      .execute()
  }
}

/** Catalogue stock per SKU code (a product without variants has one SKU, its own code). */
function catalogueStocks(catalogue: Catalogue): Map<string, number> {
  const stocks = new Map<string, number>()
  for (const p of catalogue.products) {
    if (p.variants.length === 0) stocks.set(p.sku, p.stock)
    for (const v of p.variants) stocks.set(v.sku, v.stock)
  }
  return stocks
}
