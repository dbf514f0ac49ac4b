import { AuditPage } from '@bazaar/contract/admin'
import { ProductDetail } from '@bazaar/contract/catalog'
import { ReviewPage, ReviewRecord, ReviewRecordPage } from '@bazaar/contract/review'
import { reviewEditWindowMs } from '@bazaar/contract/review-values'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { type ReviewActors, receivedReviewOrder, reviewActors, reviewPhoto } from '../../test/review-helpers.ts'
import { summaryMismatches } from './summary-service.ts'

type Buyer = ReviewActors['buyer']

/**
 * After a review is posted: the author's edit, the shop's reply, operators hiding it, the
 * lists, and the summaries' recount.
 */
describe.each(await testDialects())('review changes and lists on %s', (dialect) => {
  let t: TestApp
  let admin: ReviewActors['admin']
  let gadgets: ReviewActors['gadgets']
  let casa: ReviewActors['casa']
  let buyer: Buyer
  let other: Buyer
  beforeAll(async () => {
    t = await createTestApp(dialect)
    ;({ admin, gadgets, casa, buyer, other } = await reviewActors(t))
  })
  afterAll(async () => t?.close())

  /** An order shipped by its merchant and received by the buyer: its lines may be reviewed. */
  const receivedOrder = (who: Buyer, offsets: number[], merchant = gadgets, shop = 'Gadget Harbor') =>
    receivedReviewOrder(t, who, offsets, merchant, shop)
  const photo = (token: string, colour?: string) => reviewPhoto(t, token, colour)
  const detail = async (listingId: number) => (await t.get(`/api/products/${listingId}`, { schema: ProductDetail })).body.data

  describe('PUT /api/reviews/:id', () => {
    it('edits once within 7 days, moving the summary from the old stars to the new', async () => {
      const order = await receivedOrder(buyer, [8, 9], casa, 'Casa Verde')
      const [a, b] = order.lines
      const first = (await t.post('/api/reviews', { lineId: a!.id, rating: 5 }, { token: buyer.token, schema: ReviewRecord })).body.data
      const picture = await photo(buyer.token)
      const edited = await t.put(
        `/api/reviews/${first.id}`,
        { rating: 2, comment: 'It broke after a week', photoUploadIds: [picture.id] },
        { token: buyer.token, schema: ReviewRecord },
      )
      expect(edited.body.data).toMatchObject({ rating: 2, comment: 'It broke after a week', photos: [{ id: picture.id }] })
      expect(edited.body.data.editedAtMs).not.toBeNull()
      expect((await detail(a!.listingId)).reviewSummary).toEqual({
        average: 2,
        count: 1,
        byStars: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 },
        withPhotos: 1,
      })
      expect(await t.put(`/api/reviews/${first.id}`, { rating: 3 }, { token: buyer.token })).toMatchObject({
        status: 409,
        body: { msg: 'Review already edited' },
      })
      expect(await t.put(`/api/reviews/${first.id}`, { rating: 3 }, { token: other.token })).toMatchObject({
        status: 404,
        body: { msg: 'Review not found' },
      })
      const late = (await t.post('/api/reviews', { lineId: b!.id, rating: 4 }, { token: buyer.token, schema: ReviewRecord })).body.data
      await t.db.kysely
        .updateTable('reviews')
        .set({ created_at_ms: Date.now() - reviewEditWindowMs - 60_000 })
        .where('id', '=', late.id)
        .execute()
      expect(await t.put(`/api/reviews/${late.id}`, { rating: 1 }, { token: buyer.token })).toMatchObject({
        status: 409,
        body: { msg: 'Review edit period over' },
      })
    })
  })

  describe('replies and moderation', () => {
    it('lets the shop reply once, and no other shop', async () => {
      const order = await receivedOrder(buyer, [10])
      const posted = (await t.post('/api/reviews', { lineId: order.lines[0]!.id, rating: 3 }, { token: buyer.token, schema: ReviewRecord }))
        .body.data
      expect(await t.post(`/api/shop/reviews/${posted.id}/reply`, { text: '   ' }, { token: gadgets.token })).toMatchObject({
        status: 400,
        body: { msg: 'Invalid parameters' },
      })
      expect(await t.post(`/api/shop/reviews/${posted.id}/reply`, { text: 'Not ours' }, { token: casa.token })).toMatchObject({
        status: 404,
        body: { msg: 'Review not found' },
      })
      const replied = await t.post(
        `/api/shop/reviews/${posted.id}/reply`,
        { text: 'Sorry about that, write to us.' },
        { token: gadgets.token, schema: ReviewRecord },
      )
      expect(replied.body.data.reply?.text).toBe('Sorry about that, write to us.')
      expect(await t.post(`/api/shop/reviews/${posted.id}/reply`, { text: 'Again' }, { token: gadgets.token })).toMatchObject({
        status: 409,
        body: { msg: 'Already replied' },
      })
      const shopList = (await t.get(`/api/shop/reviews?orderId=${order.id}`, { token: gadgets.token, schema: ReviewRecordPage })).body.data
      expect(shopList.items.map((r) => r.id)).toEqual([posted.id])
      expect(
        (await t.get(`/api/shop/reviews?orderId=${order.id}`, { token: casa.token, schema: ReviewRecordPage })).body.data.items,
      ).toEqual([])
      const publicList = (await t.get(`/api/products/${order.lines[0]!.listingId}/reviews`, { schema: ReviewPage })).body.data
      expect(publicList.items.find((r) => r.id === posted.id)?.reply?.text).toBe('Sorry about that, write to us.')
    })

    it('lets an operator hide a review with a reason: audit-logged, off the product page, its photos and the summary; the author sees why', async () => {
      const order = await receivedOrder(other, [11])
      const line = order.lines[0]!
      const picture = await photo(other.token)
      const posted = (
        await t.post(
          '/api/reviews',
          { lineId: line.id, rating: 1, photoUploadIds: [picture.id] },
          { token: other.token, schema: ReviewRecord },
        )
      ).body.data
      expect((await detail(line.listingId)).reviewSummary.count).toBe(1)
      expect(await t.post(`/api/admin/reviews/${posted.id}/hide`, { reason: 'x' }, { token: other.token })).toMatchObject({ status: 401 })
      expect(await t.post(`/api/admin/reviews/${posted.id}/hide`, { reason: '' }, { headers: admin })).toMatchObject({
        status: 400,
        body: { msg: 'Invalid parameters' },
      })
      const hidden = await t.post(
        `/api/admin/reviews/${posted.id}/hide`,
        { reason: 'Personal data in the photo' },
        { headers: admin, schema: ReviewRecord },
      )
      expect(hidden.body.data).toMatchObject({ hiddenReason: 'Personal data in the photo' })
      expect(await t.post(`/api/admin/reviews/${posted.id}/hide`, { reason: 'again' }, { headers: admin })).toMatchObject({
        status: 409,
        body: { msg: 'Review already hidden' },
      })
      expect(await t.post('/api/admin/reviews/99999999/hide', { reason: 'x' }, { headers: admin })).toMatchObject({
        status: 404,
        body: { msg: 'Review not found' },
      })
      expect((await detail(line.listingId)).reviewSummary).toMatchObject({ average: null, count: 0, withPhotos: 0 })
      expect((await t.get(`/api/products/${line.listingId}/reviews`, { schema: ReviewPage })).body.data.items).toEqual([])
      expect((await t.app.inject({ method: 'GET', url: `/media/reviews/${picture.id}/160.webp` })).statusCode).toBe(404)
      const mine = (await t.get(`/api/reviews/mine?orderId=${order.id}`, { token: other.token, schema: ReviewRecordPage })).body.data
      expect(mine.items[0]).toMatchObject({ id: posted.id, hiddenReason: 'Personal data in the photo' })
      expect(mine.items[0]!.hiddenAtMs).not.toBeNull()
      expect(await t.put(`/api/reviews/${posted.id}`, { rating: 5 }, { token: other.token })).toMatchObject({
        status: 409,
        body: { msg: 'Review is hidden' },
      })
      expect(await t.post(`/api/shop/reviews/${posted.id}/reply`, { text: 'Thanks' }, { token: gadgets.token })).toMatchObject({
        status: 409,
        body: { msg: 'Review is hidden' },
      })
      const audit = (await t.get('/api/admin/audit', { headers: admin, schema: AuditPage })).body.data.items
      expect(audit[0]).toMatchObject({ action: 'review.hide', targetType: 'review', targetId: String(posted.id) })
      expect(audit[0]!.detail).toMatchObject({ reason: 'Personal data in the photo' })
      const hiddenList = (await t.get('/api/admin/reviews?status=hidden', { headers: admin, schema: ReviewRecordPage })).body.data.items
      expect(hiddenList.map((r) => r.id)).toContain(posted.id)
      const visibleList = (await t.get('/api/admin/reviews?status=visible', { headers: admin, schema: ReviewRecordPage })).body.data.items
      expect(visibleList.map((r) => r.id)).not.toContain(posted.id)
    })
  })

  describe('lists', () => {
    it("pages a product's reviews and the buyer's own by cursor, newest first", async () => {
      // Three orders of the same listing: three lines, three reviews of one product.
      const orders = [await receivedOrder(buyer, [12]), await receivedOrder(buyer, [12]), await receivedOrder(buyer, [12])]
      const line = orders[0]!.lines[0]!
      const ids: number[] = []
      for (const [n, o] of orders.entries()) {
        const r = await t.post(
          '/api/reviews',
          { lineId: o.lines[0]!.id, comment: `page ${n}` },
          { token: buyer.token, schema: ReviewRecord },
        )
        ids.push(r.body.data.id)
      }
      const seen: number[] = []
      let cursor: string | null = null
      for (let page = 0; page < 10; page++) {
        const res: { body: { data: { items: { id: number }[]; nextCursor: string | null } } } = await t.get(
          `/api/products/${line.listingId}/reviews?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          { schema: ReviewPage },
        )
        seen.push(...res.body.data.items.map((r) => r.id))
        cursor = res.body.data.nextCursor
        if (!cursor) break
      }
      expect(seen).toEqual([...ids].reverse())
      expect(await t.get(`/api/products/${line.listingId}/reviews?cursor=nonsense`)).toMatchObject({
        status: 400,
        body: { msg: 'Invalid cursor' },
      })
      expect(await t.get('/api/products/99999999/reviews')).toMatchObject({ status: 404, body: { msg: 'Product not found' } })
      const mine = (await t.get('/api/reviews/mine?limit=100', { token: buyer.token, schema: ReviewRecordPage })).body.data.items
      expect(mine.length).toBeGreaterThan(3)
      expect(mine.every((r) => r.userId === buyer.userId)).toBe(true)
      expect(mine.map((r) => r.id)).toEqual([...mine.map((r) => r.id)].sort((x, y) => y - x))
    })
  })

  it('keeps every listing summary equal to a recount of the visible reviews', async () => {
    expect(await summaryMismatches(t.db.kysely)).toEqual([])
    expect(
      Number(
        (
          await t.db.kysely
            .selectFrom('review_summaries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(3)
  })
})
