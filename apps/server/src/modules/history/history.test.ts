import { ListingPage } from '@bazaar/contract/catalog'
import { historyMaxEntries } from '@bazaar/contract/history-values'
import { CollectionCounts, HistoryPage } from '@bazaar/contract/member'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { buyerWithPaymentPassword } from '../../test/wallet-helpers.ts'
import { recordView } from './service.ts'

describe.each(await testDialects())('browsing history on %s', (dialect) => {
  let t: TestApp
  let listingIds: number[]
  beforeAll(async () => {
    t = await createTestApp(dialect)
    listingIds = (await t.get('/api/products?limit=10', { schema: ListingPage })).body.data.items.map((i) => i.id)
  })
  afterAll(async () => t?.close())

  const history = async (token: string, query = '') => (await t.get(`/api/history${query}`, { token, schema: HistoryPage })).body.data

  it('records viewed products newest first, one entry per product moved up by a new view, with its card', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'history@example.com')
    const [a, b, c] = listingIds
    for (const id of [a, b, c, a]) expect((await t.post(`/api/history/${id}`, {}, { token: buyer.token })).status).toBe(200)
    const page = await history(buyer.token)
    expect(page.items.map((i) => i.listingId)).toEqual([a, c, b])
    expect(page.items[0]).toMatchObject({ listingId: a, title: expect.any(String), priceCents: expect.any(Number) })
    expect(page.items[0]!.viewedAtMs).toBeGreaterThanOrEqual(page.items[1]!.viewedAtMs)
    const first = await history(buyer.token, '?limit=2')
    const rest = await history(buyer.token, `?limit=2&cursor=${first.nextCursor}`)
    expect([...first.items, ...rest.items].map((i) => i.listingId)).toEqual([a, c, b])
    expect(rest.nextCursor).toBeNull()
    expect((await t.get('/api/favourites/counts', { token: buyer.token, schema: CollectionCounts })).body.data).toEqual({
      goods: 0,
      shops: 0,
      history: 3,
    })
  })

  it('deletes one entry and clears all, only the user’s own', async () => {
    const ana = await buyerWithPaymentPassword(t, 'history-ana@example.com')
    const ben = await buyerWithPaymentPassword(t, 'history-ben@example.com')
    for (const id of listingIds.slice(0, 3)) await t.post(`/api/history/${id}`, {}, { token: ana.token })
    await t.post(`/api/history/${listingIds[0]}`, {}, { token: ben.token })
    await t.delete(`/api/history/${listingIds[1]}`, { token: ana.token })
    expect((await history(ana.token)).items.map((i) => i.listingId)).toEqual([listingIds[2], listingIds[0]])
    await t.delete('/api/history', { token: ana.token })
    expect((await history(ana.token)).items).toEqual([])
    expect((await history(ben.token)).items.map((i) => i.listingId)).toEqual([listingIds[0]])
  })

  it('keeps the 200 newest views only', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'history-cap@example.com')
    // The demo catalogue has 125 listings: a second shop lists every product too, for 250.
    const shop = await t.db.kysely.selectFrom('shops').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    const products = await t.db.kysely.selectFrom('listings').select(['product_id', 'category_id', 'top_category_id', 'shop_id']).execute()
    const extra = products.filter((p) => p.shop_id !== shop.id)
    await t.db.kysely
      .insertInto('listings')
      .values(
        extra.map((p) => ({
          shop_id: shop.id,
          product_id: p.product_id,
          category_id: p.category_id,
          top_category_id: p.top_category_id,
          status: 'off_shelf',
          price_cents: 100,
          list_price_cents: 100,
          discount_basis_points: 0,
          rating_hundredths: null,
          recommend_score: 0,
          main_image_id: null,
          created_at_ms: Date.now(),
        })),
      )
      .execute()
    const all = (await t.db.kysely.selectFrom('listings').select('id').orderBy('id').execute()).map((r) => r.id)
    expect(all.length).toBeGreaterThan(historyMaxEntries + 10)
    const start = Date.now() - 10_000_000
    await t.db.kysely
      .insertInto('browsing_history')
      .values(all.slice(0, historyMaxEntries + 10).map((id, n) => ({ user_id: buyer.userId, listing_id: id, viewed_at_ms: start + n })))
      .execute()
    const newest = all[historyMaxEntries + 10]!
    await recordView(t.db, buyer.userId, newest)
    const kept = await t.db.kysely
      .selectFrom('browsing_history')
      .select('listing_id')
      .where('user_id', '=', buyer.userId)
      .orderBy('viewed_at_ms', 'desc')
      .execute()
    expect(kept).toHaveLength(historyMaxEntries)
    expect(kept[0]!.listing_id).toBe(newest)
    // The 11 oldest views fell off; the next ones are kept.
    expect(kept.map((r) => r.listing_id)).not.toContain(all[10])
    expect(kept.map((r) => r.listing_id)).toContain(all[11])
  })

  it('refuses an unknown product and visitors', async () => {
    const buyer = await buyerWithPaymentPassword(t, 'history-bad@example.com')
    expect(await t.post('/api/history/99999999', {}, { token: buyer.token })).toMatchObject({
      status: 404,
      body: { msg: 'Product not found' },
    })
    expect(await t.post(`/api/history/${listingIds[0]}`, {})).toMatchObject({ status: 401, body: { msg: 'Please log in' } })
    expect(await t.get('/api/history?cursor=bad', { token: buyer.token })).toMatchObject({ status: 400, body: { msg: 'Invalid cursor' } })
  })
})
