import { ShopPage, ShopSummary } from '@bazaar/contract/catalog'
import { CollectionCounts, FollowedShopPage, FollowState } from '@bazaar/contract/member'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { merchantSession } from '../../test/order-helpers.ts'
import { buyerWithPaymentPassword } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('shop follows on %s', (dialect) => {
  let t: TestApp
  let shops: ShopSummary[]
  beforeAll(async () => {
    t = await createTestApp(dialect)
    shops = (await t.get('/api/shops', { schema: ShopPage })).body.data.items
  })
  afterAll(async () => t?.close())

  const followers = async (shopId: number) => (await t.get(`/api/shops/${shopId}`, { schema: ShopSummary })).body.data.followers

  it('starts every shop at zero followers: no invented figures', async () => {
    expect(shops.map((s) => s.followers)).toEqual(shops.map(() => 0))
  })

  it('follows and unfollows a shop, counting each user once in its followers, and lists followed shops newest first', async () => {
    const ana = await buyerWithPaymentPassword(t, 'ana-follows@example.com')
    const ben = await buyerWithPaymentPassword(t, 'ben-follows@example.com')
    const [first, second] = shops
    const follow = (token: string, id: number) => t.post(`/api/favourites/shops/${id}`, {}, { token, schema: FollowState })
    expect((await follow(ana.token, first!.id)).body.data).toEqual({ following: true, followers: 1 })
    expect((await follow(ana.token, first!.id)).body.data).toEqual({ following: true, followers: 1 })
    expect((await follow(ben.token, first!.id)).body.data).toEqual({ following: true, followers: 2 })
    await follow(ana.token, second!.id)
    expect(await followers(first!.id)).toBe(2)
    expect((await t.get(`/api/favourites/shops/${first!.id}`, { token: ana.token, schema: FollowState })).body.data).toEqual({
      following: true,
      followers: 2,
    })

    const list = (await t.get('/api/favourites/shops', { token: ana.token, schema: FollowedShopPage })).body.data
    expect(list.items.map((s) => s.id)).toEqual([second!.id, first!.id])
    const page1 = (await t.get('/api/favourites/shops?limit=1', { token: ana.token, schema: FollowedShopPage })).body.data
    const page2 = (await t.get(`/api/favourites/shops?limit=1&cursor=${page1.nextCursor}`, { token: ana.token, schema: FollowedShopPage }))
      .body.data
    expect([...page1.items, ...page2.items].map((s) => s.id)).toEqual([second!.id, first!.id])
    expect(page2.nextCursor).toBeNull()
    expect((await t.get('/api/favourites/counts', { token: ana.token, schema: CollectionCounts })).body.data).toMatchObject({ shops: 2 })

    const unfollowed = await t.delete(`/api/favourites/shops/${first!.id}`, { token: ana.token, schema: FollowState })
    expect(unfollowed.body.data).toEqual({ following: false, followers: 1 })
    expect((await t.delete(`/api/favourites/shops/${first!.id}`, { token: ana.token, schema: FollowState })).body.data.followers).toBe(1)
    expect(await followers(first!.id)).toBe(1)
  })

  it('refuses an unknown shop, a merchant following their own shop, and visitors', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'cy-follows@example.com')
    expect(await t.post('/api/favourites/shops/999999', {}, { token: buyer.token })).toMatchObject({
      status: 404,
      body: { msg: 'Shop not found' },
    })
    expect(await t.get('/api/favourites/shops/999999', { token: buyer.token })).toMatchObject({
      status: 404,
      body: { msg: 'Shop not found' },
    })
    expect(await t.delete('/api/favourites/shops/999999', { token: buyer.token })).toMatchObject({ status: 404 })
    const merchant = await merchantSession(t, 'Casa Verde')
    const before = await followers(merchant.shopId)
    expect(await t.post(`/api/favourites/shops/${merchant.shopId}`, {}, { token: merchant.token })).toMatchObject({
      status: 400,
      body: { msg: 'Cannot follow own shop' },
    })
    expect(await followers(merchant.shopId)).toBe(before)
    expect(await t.post(`/api/favourites/shops/${merchant.shopId}`, {})).toMatchObject({ status: 401, body: { msg: 'Please log in' } })
  })

  it('counts a follow once when 30 follows of one user arrive at once', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'dee-follows@example.com')
    const shop = shops[3]!
    const before = await followers(shop.id)
    await Promise.all(Array.from({ length: 30 }, () => t.post(`/api/favourites/shops/${shop.id}`, {}, { token: buyer.token })))
    expect(await followers(shop.id)).toBe(before + 1)
    const rows = await t.db.kysely.selectFrom('shop_follows').select('shop_id').where('shop_id', '=', shop.id).execute()
    expect(await followers(shop.id)).toBe(rows.length)
  })
})
