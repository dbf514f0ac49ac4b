import { BondLevel } from '@bazaar/contract/bond'
import { ListingPage, ShopSummary } from '@bazaar/contract/catalog'
import { CatalogueItem, CataloguePage, MerchantListing, MerchantListingPage } from '@bazaar/contract/merchant-listings'
import { MyShop } from '@bazaar/contract/merchant-shop'
import { creditRules, expectedProfitCents, salePriceCents } from '@bazaar/contract/merchant-values'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { newMerchant } from '../../test/merchant-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'

const Levels = z.object({ items: z.array(BondLevel) })

describe.each(await testDialects())('merchant listings on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: Awaited<ReturnType<typeof newMerchant>>
  /** Catalogue products at or below the low-credit price cap, and above it. */
  let cheap: number[]
  let dear: number
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    merchant = await newMerchant(t, admin, 'lister@example.com', 'Lister Shop')
    const products = await t.db.kysely
      .selectFrom('skus')
      .select(['product_id'])
      .select((eb) => eb.fn.max('purchase_price_cents').as('top'))
      .groupBy('product_id')
      .orderBy('product_id')
      .execute()
    cheap = products.filter((p) => salePriceCents(Number(p.top), 1000) <= creditRules.lowCreditPriceCapCents).map((p) => p.product_id)
    dear = products.find((p) => salePriceCents(Number(p.top), 1000) > creditRules.lowCreditPriceCapCents)!.product_id
  })
  afterAll(async () => t?.close())

  const add = (productId: number) => t.post('/api/shop/listings', { productId, stock: 20 }, { token: merchant.token })

  it('shows the catalogue priced at the level’s ratio and lists a product at sale = purchase / (1 − ratio)', async () => {
    const page = (await t.get('/api/shop/catalogue?keywords=lamp&limit=5', { token: merchant.token, schema: CataloguePage })).body.data
    expect(page.items.length).toBeGreaterThan(0)
    const item = page.items[0]!
    expect(item.profitRatioBasisPoints).toBe(1000)
    for (const sku of item.skus) {
      expect(sku.salePriceCents).toBe(salePriceCents(sku.purchasePriceCents, 1000))
      expect(sku.expectedProfitCents).toBe(expectedProfitCents(sku.purchasePriceCents, 1000))
    }
    const productId = cheap.includes(item.productId) ? item.productId : cheap[0]!
    const listed = await t.post('/api/shop/listings', { productId, stock: 7 }, { token: merchant.token, schema: MerchantListing })
    expect(listed.body.data).toMatchObject({ productId, status: 'on_sale', stock: 7 * listed.body.data.skus.length })
    for (const sku of listed.body.data.skus) expect(sku.salePriceCents).toBe(salePriceCents(sku.purchasePriceCents, 1000))
    expect(await add(productId)).toMatchObject({ status: 409, body: { msg: 'Product already listed' } })
    const twice = cheap.find((p) => p !== productId)!
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post('/api/shop/listings', { productId: twice, stock: 1 }, { token: merchant.token, ip: freshIp() }),
      ),
    )
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1)
    expect(burst.filter((r) => r.body.msg === 'Product already listed')).toHaveLength(9)
    const after = (await t.get(`/api/shop/catalogue?limit=100`, { token: merchant.token, schema: CataloguePage })).body.data
    expect(after.items.find((p) => p.productId === productId)?.listingId).toBe(listed.body.data.id)
    // Buyers see it in the shop with that price.
    const shopList = (await t.get(`/api/products?shopId=${merchant.shopId}`, { schema: ListingPage })).body.data.items
    expect(shopList.find((l) => l.id === listed.body.data.id)?.priceCents).toBe(listed.body.data.priceCents)
  })

  it('refuses a low-credit shop goods above 100 dollars (sj_zdjg), and allows them once its credit is good', async () => {
    expect((await t.get('/api/shop/profile', { token: merchant.token, schema: MyShop })).body.data.lowCredit).toBe(true)
    expect(await add(dear)).toMatchObject({ status: 400, body: { msg: 'sj_zdjg' } })
    await t.post(`/api/admin/shops/${merchant.shopId}/credit`, { creditScore: creditRules.lowCreditBelow }, { headers: admin })
    expect((await add(dear)).status).toBe(200)
    const audit = await t.db.kysely.selectFrom('audit_log').select('detail_json').where('action', '=', 'shop.credit').execute()
    expect(JSON.parse(audit[0]!.detail_json)).toEqual({ before: creditRules.initial, after: creditRules.lowCreditBelow })
  })

  it('stops at the level’s listing count (sj_zdsps), also for 20 adds at once, and counts only listings on sale', async () => {
    const levels = (await t.get('/api/admin/bond-levels', { headers: admin, schema: Levels })).body.data.items
    const onSale = (await t.get('/api/shop/profile', { token: merchant.token, schema: MyShop })).body.data.listingCount
    const limit = onSale + 3
    const table = levels.map((l) => (l.level === 1 ? { ...l, maxListings: limit } : { ...l, maxListings: Math.max(l.maxListings, limit) }))
    await t.put('/api/admin/bond-levels', { levels: table }, { headers: admin, schema: Levels })
    const listed = new Set(
      (await t.get('/api/shop/listings?limit=100', { token: merchant.token, schema: MerchantListingPage })).body.data.items.map(
        (l) => l.productId,
      ),
    )
    const candidates = cheap.filter((p) => !listed.has(p)).slice(0, 20)
    const replies = await Promise.all(
      candidates.map((p) => t.post('/api/shop/listings', { productId: p, stock: 5 }, { token: merchant.token, ip: freshIp() })),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3)
    expect(replies.filter((r) => r.body.msg === 'sj_zdsps')).toHaveLength(17)
    const shop = (await t.get('/api/shop/profile', { token: merchant.token, schema: MyShop })).body.data
    expect(shop.listingCount).toBe(limit)
    const counted = await t.db.kysely
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', merchant.shopId)
      .where('status', '=', 'on_sale')
      .executeTakeFirstOrThrow()
    expect(Number(counted.n)).toBe(limit)

    // Off the shelf frees a place; back on it takes one; deleting hides it and frees its place.
    const mine = (await t.get('/api/shop/listings?status=on_sale', { token: merchant.token, schema: MerchantListingPage })).body.data.items
    const first = mine[0]!
    expect((await t.post(`/api/shop/listings/${first.id}/shelf`, { onSale: false }, { token: merchant.token })).status).toBe(200)
    expect((await t.get(`/api/products/${first.id}`)).body.msg).toBe('Product not found')
    const next =
      cheap.find((p) => !listed.has(p) && !candidates.slice(0, 20).includes(p)) ?? candidates.find((_, i) => replies[i]!.status !== 200)!
    expect((await add(next)).status).toBe(200)
    expect(await t.post(`/api/shop/listings/${first.id}/shelf`, { onSale: true }, { token: merchant.token })).toMatchObject({
      body: { msg: 'sj_zdsps' },
    })
    expect((await t.delete(`/api/shop/listings/${mine[1]!.id}`, { token: merchant.token })).status).toBe(200)
    expect(await t.delete(`/api/shop/listings/${mine[1]!.id}`, { token: merchant.token })).toMatchObject({
      status: 404,
      body: { msg: 'Listing not found' },
    })
    // A deleted product can be listed again, in the place its deletion freed.
    expect((await add(mine[1]!.productId)).status).toBe(200)
    expect(await t.post(`/api/shop/listings/${first.id}/shelf`, { onSale: true }, { token: merchant.token })).toMatchObject({
      body: { msg: 'sj_zdsps' },
    })
    await t.put('/api/admin/bond-levels', { levels }, { headers: admin, schema: Levels })
  })

  it('ranks listings of shops with more pushed traffic higher in the recommended order, and counts each visitor once a day', async () => {
    const feed = async () => (await t.get('/api/products?sort=recommend&limit=5', { schema: ListingPage })).body.data.items
    const levels = (await t.get('/api/admin/bond-levels', { headers: admin, schema: Levels })).body.data.items
    expect((await feed()).some((l) => l.shop.id === merchant.shopId)).toBe(false)
    // The shop moves to level 2, whose daily traffic the operator raises: its listings lead the feed.
    await t.db.kysely.updateTable('shops').set({ level: 2 }).where('id', '=', merchant.shopId).execute()
    const pushed = levels.map((l) => (l.level >= 2 ? { ...l, dailyTraffic: Math.max(l.dailyTraffic, 500_000) } : l))
    await t.put('/api/admin/bond-levels', { levels: pushed }, { headers: admin, schema: Levels })
    const points = await t.db.kysely.selectFrom('listings').select('traffic_points').where('shop_id', '=', merchant.shopId).execute()
    expect(points.every((p) => p.traffic_points === 50_000)).toBe(true)
    expect((await feed()).every((l) => l.shop.id === merchant.shopId)).toBe(true)
    // Back at level 1 (whose traffic the operator then changes, so its listings are priced again): among the others.
    await t.db.kysely.updateTable('shops').set({ level: 1 }).where('id', '=', merchant.shopId).execute()
    await t.put(
      '/api/admin/bond-levels',
      { levels: levels.map((l) => (l.level === 1 ? { ...l, dailyTraffic: 110 } : l)) },
      { headers: admin },
    )
    expect((await feed()).some((l) => l.shop.id === merchant.shopId)).toBe(false)
    await t.put('/api/admin/bond-levels', { levels }, { headers: admin, schema: Levels })

    for (const ip of ['10.9.9.1', '10.9.9.1', '10.9.9.2']) await t.get(`/api/shops/${merchant.shopId}`, { ip, schema: ShopSummary })
    const visits = await t.db.kysely.selectFrom('shop_visits').select('visitor_hash').where('shop_id', '=', merchant.shopId).execute()
    expect(visits).toHaveLength(2)
  })

  it('opens one catalogue product by its id (a fresh load of goods_add_detail) priced at the caller’s level, with only its own listing', async () => {
    const page = (await t.get('/api/shop/catalogue?limit=3', { token: merchant.token, schema: CataloguePage })).body.data
    const fromPage = page.items[1]!
    const one = await t.get(`/api/shop/catalogue/${fromPage.productId}`, { token: merchant.token, schema: CatalogueItem })
    expect(one.body.data).toEqual(fromPage)

    // A fresh merchant lists a product the first one has not: only its own listing shows.
    const other = await newMerchant(t, admin, 'other-lister@example.com', 'Other Lister Shop')
    const firstShops = await t.db.kysely.selectFrom('listings').select('product_id').where('shop_id', '=', merchant.shopId).execute()
    const productId = cheap.find((p) => !firstShops.some((l) => l.product_id === p))!
    const listed = (await t.post('/api/shop/listings', { productId, stock: 3 }, { token: other.token, schema: MerchantListing })).body.data
    const theirs = (await t.get(`/api/shop/catalogue/${productId}`, { token: other.token, schema: CatalogueItem })).body.data
    expect(theirs.listingId).toBe(listed.id)
    expect(theirs.skus.map((k) => k.salePriceCents)).toEqual(listed.skus.map((k) => k.salePriceCents))

    // The first shop, at level 2, sees the same product at level 2's ratio and not the other's listing.
    await t.db.kysely.updateTable('shops').set({ level: 2 }).where('id', '=', merchant.shopId).execute()
    const level2 = (await t.get('/api/admin/bond-levels', { headers: admin, schema: Levels })).body.data.items.find((l) => l.level === 2)!
    const mine = (await t.get(`/api/shop/catalogue/${productId}`, { token: merchant.token, schema: CatalogueItem })).body.data
    await t.db.kysely.updateTable('shops').set({ level: 1 }).where('id', '=', merchant.shopId).execute()
    expect(mine.listingId).toBeNull()
    expect(mine.profitRatioBasisPoints).toBe(level2.profitRatioBasisPoints)
    expect(level2.profitRatioBasisPoints).not.toBe(theirs.profitRatioBasisPoints)
    for (const sku of mine.skus) expect(sku.salePriceCents).toBe(salePriceCents(sku.purchasePriceCents, level2.profitRatioBasisPoints))

    expect(await t.get('/api/shop/catalogue/999999999', { token: merchant.token })).toMatchObject({
      status: 404,
      body: { msg: 'Product not found' },
    })
    expect((await t.get(`/api/shop/catalogue/${productId}`)).status).toBe(401)
  })
})
