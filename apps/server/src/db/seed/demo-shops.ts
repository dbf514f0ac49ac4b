import { randomBytes } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import type { Kysely } from 'kysely'
import { listingRulesOf } from '../../modules/bond/service.ts'
import { addListing } from '../../modules/catalog/listing-service.ts'
import { changeShopSettings, setShopCredit } from '../../modules/catalog/shop-service.ts'
import { approveInTransaction, fileApplication } from '../../modules/merchant/application-service.ts'
import { newInvitationCode } from '../../platform/tokens.ts'
import type { Db } from '../database.ts'
import type { Database } from '../schema.ts'
import type { Catalogue } from './catalogue-file.ts'
import { getMeta, setMeta } from './meta.ts'

/**
 * The demo shops and which top-level categories each lists. Every catalogue product is
 * listed by exactly one demo shop, so the feed shows each product once. They are marked
 * demo (`shops.is_demo`, `shop_applications.is_demo`) everywhere they show.
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
 * The credit score the demo shops are given, as an operator would set it in the console:
 * above the low-credit threshold (contract `creditRules`), so they may list the whole
 * catalogue, goods above 100 dollars included.
 */
export const demoCreditScore = 80

/**
 * Creates the demo merchants once through the same code paths as real ones: a user (random
 * password, argon2id hashed, returned so the first start can print them; never a fixed
 * default) files a personal shop application marked demo (no identity photos), which is
 * approved like an operator's approval (shop at level 1, merchant role, bond account);
 * then the shop gets its demo credit and freight. Every start then lists, through the
 * merchants' listing code at the level's ratio, each catalogue product of its categories
 * not yet listed. Demo stock is the catalogue's stock, or `demoFillStock` where the
 * catalogue has none (demo shops have no stock of their own to report).
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
        const user = await trx
          .insertInto('users')
          .values({
            email: shop.email,
            password_hash: passwordHash,
            nickname: shop.nickname,
            invitation_code: newInvitationCode(),
            created_at_ms: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const application = await fileApplication(trx, user.id, {
          demo: true,
          shopType: 'personal',
          nationality: 'US',
          documentKind: 'id_card',
          documentNumber: 'DEMO',
          documentValidUntil: '2099-12-31',
          issuingCountry: 'US',
          name: shop.nickname,
          birthplace: 'Demo',
          birthDate: '2000-01-01',
          residence: 'Demo',
          city: 'Demo',
          street: 'Demo',
          postalCode: '00000',
          contactEmail: shop.email,
          logoUploadId: null,
          shopName: shop.nickname,
          description: shop.bio,
          addressConfirmed: true,
        })
        const shopId = await approveInTransaction(trx, null, application.id)
        await setShopCredit(trx, shopId, demoCreditScore)
        await changeShopSettings(trx, shopId, {
          name: shop.nickname,
          bio: shop.bio,
          logoUploadId: null,
          freightCents: shop.freightCents,
          shipCountries: [],
        })
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
      .select(['shops.id', 'shops.level'])
      .where('users.email', '=', demo.email)
      .executeTakeFirst()
    if (!shop) continue
    const products = await trx
      .selectFrom('products')
      .innerJoin('categories as top', 'top.id', 'products.top_category_id')
      .leftJoin('listings', (j) => j.onRef('listings.product_id', '=', 'products.id').on('listings.shop_id', '=', shop.id))
      .select('products.id')
      .where('top.slug', 'in', [...demo.tops])
      .where('listings.id', 'is', null)
      .orderBy('products.id')
      .execute()
    const rules = await listingRulesOf(trx, shop.level)
    for (const product of products) await addListing(trx, shop.id, product.id, rules, (code) => stocks.get(code) || demoFillStock)
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
