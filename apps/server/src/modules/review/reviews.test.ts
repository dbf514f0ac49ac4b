import { ListingPage, ProductDetail } from '@bazaar/contract/catalog'
import { Order, OrderCounts, OrderPage } from '@bazaar/contract/orders'
import { ReviewPage, ReviewRecord } from '@bazaar/contract/review'
import { reviewWindowMs } from '@bazaar/contract/review-values'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { paidReviewOrder, type ReviewActors, receivedReviewOrder, reviewActors, reviewPhoto } from '../../test/review-helpers.ts'
import { proofPng, uploadImage } from '../../test/wallet-helpers.ts'

const day = 24 * 60 * 60_000

type Buyer = ReviewActors['buyer']

/** Posting a review: who may review which line, what a review may hold, one per line (SPEC §2 comment). */
describe.each(await testDialects())('reviews on %s', (dialect) => {
  let t: TestApp
  let gadgets: ReviewActors['gadgets']
  let buyer: Buyer
  let other: Buyer
  beforeAll(async () => {
    t = await createTestApp(dialect)
    ;({ gadgets, buyer, other } = await reviewActors(t))
  })
  afterAll(async () => t?.close())

  const paidOrder = (who: Buyer, shop: string, offsets: number[]) => paidReviewOrder(t, who, shop, offsets)
  /** An order shipped by its merchant and received by the buyer: its lines may be reviewed. */
  const receivedOrder = (who: Buyer, offsets: number[], merchant = gadgets, shop = 'Gadget Harbor') =>
    receivedReviewOrder(t, who, offsets, merchant, shop)
  const photo = (token: string, colour?: string) => reviewPhoto(t, token, colour)
  const review = (token: string, body: object) => t.post('/api/reviews', body, { token })
  const detail = async (listingId: number) => (await t.get(`/api/products/${listingId}`, { schema: ProductDetail })).body.data
  const counts = async (token: string) => (await t.get('/api/orders/counts', { token, schema: OrderCounts })).body.data

  describe('POST /api/reviews', () => {
    it('refuses lines not received yet, lines of others and unknown lines, and writes nothing', async () => {
      const paid = await paidOrder(buyer, 'Gadget Harbor', [5])
      const line = paid.lines[0]!
      expect(await review(buyer.token, { lineId: line.id })).toMatchObject({
        status: 409,
        body: { msg: 'Order status does not allow this' },
      })
      expect(await review(other.token, { lineId: line.id })).toMatchObject({ status: 404, body: { msg: 'Order not found' } })
      expect(await review(buyer.token, { lineId: 99_999_999 })).toMatchObject({ status: 404, body: { msg: 'Order not found' } })
      expect(await t.db.kysely.selectFrom('reviews').select('id').execute()).toEqual([])
    })

    it('reviews a received line with stars, text and a photo; the product page shows the real average, counts by star and the photo', async () => {
      const order = await receivedOrder(buyer, [0, 1])
      const [first, second] = order.lines
      const before = await counts(buyer.token)
      expect(before.toReview).toBeGreaterThanOrEqual(1)
      const picture = await photo(buyer.token)
      const posted = await t.post(
        '/api/reviews',
        { lineId: first!.id, rating: 4, comment: '  Works well. <b>Not bold</b>  ', photoUploadIds: [picture.id] },
        { token: buyer.token, schema: ReviewRecord },
      )
      expect(posted.body.data).toMatchObject({
        rating: 4,
        comment: 'Works well. <b>Not bold</b>',
        lineId: first!.id,
        orderId: order.id,
        listingId: first!.listingId,
        photos: [{ id: picture.id, width: 120, height: 90 }],
        hiddenReason: null,
        editedAtMs: null,
        reply: null,
      })
      expect(await review(buyer.token, { lineId: first!.id, rating: 5 })).toMatchObject({ status: 409, body: { msg: 'Already reviewed' } })

      const d = await detail(first!.listingId)
      expect(d.reviewSummary).toEqual({ average: 4, count: 1, byStars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 }, withPhotos: 1 })
      const card = (await t.get(`/api/products?shopId=${order.shop.id}&limit=100`, { schema: ListingPage })).body.data.items.find(
        (c) => c.id === first!.listingId,
      )
      expect(card).toMatchObject({ reviewAverage: 4, reviewCount: 1 })

      const list = (await t.get(`/api/products/${first!.listingId}/reviews`, { schema: ReviewPage })).body.data
      expect(list.items).toHaveLength(1)
      expect(list.items[0]).toMatchObject({ rating: 4, comment: 'Works well. <b>Not bold</b>', photos: [{ id: picture.id }] })
      // Buyers are shown masked under a product; the full nickname is not public.
      expect(list.items[0]!.authorName).toMatch(/^.\*\*\*.$/)
      expect((await t.get(`/api/products/${first!.listingId}/reviews?filter=photos`, { schema: ReviewPage })).body.data.items).toHaveLength(
        1,
      )
      expect((await t.get(`/api/products/${first!.listingId}/reviews?filter=4`, { schema: ReviewPage })).body.data.items).toHaveLength(1)
      expect((await t.get(`/api/products/${first!.listingId}/reviews?filter=5`, { schema: ReviewPage })).body.data.items).toHaveLength(0)

      const media = await t.app.inject({ method: 'GET', url: `/media/reviews/${picture.id}/160.webp` })
      expect(media.statusCode).toBe(200)
      expect(media.headers['content-type']).toBe('image/webp')
      // The upload of another line's photo, not yet posted, is not public.
      const unposted = await photo(buyer.token, '#aa0000')
      expect((await t.app.inject({ method: 'GET', url: `/media/reviews/${unposted.id}/160.webp` })).statusCode).toBe(404)

      // Stars default to 5; text may be empty.
      const plain = await t.post('/api/reviews', { lineId: second!.id }, { token: buyer.token, schema: ReviewRecord })
      expect(plain.body.data).toMatchObject({ rating: 5, comment: '', photos: [] })
      const reviewed = (await t.get(`/api/orders/${order.id}`, { token: buyer.token, schema: Order })).body.data
      expect(reviewed.lines.map((l) => l.reviewId)).toEqual([posted.body.data.id, plain.body.data.id])
      expect((await counts(buyer.token)).toReview).toBe(before.toReview - 1)
      const toReview = (await t.get('/api/orders?tab=to_review', { token: buyer.token, schema: OrderPage })).body.data.items
      expect(toReview.map((o) => o.id)).not.toContain(order.id)
      // The shop still sees the order in its after-sales state.
      const shopTab = (await t.get('/api/shop/orders?tab=to_review', { token: gadgets.token, schema: OrderPage })).body.data.items
      expect(shopTab.map((o) => o.id)).toContain(order.id)
    })

    it('refuses 0 or 6 stars, text over 140 characters, 7 photos, and photos that are not the author’s own review photos', async () => {
      const order = await receivedOrder(buyer, [2])
      const lineId = order.lines[0]!.id
      expect(await review(buyer.token, { lineId, rating: 0 })).toMatchObject({ status: 400, body: { msg: 'Rating must be 1 to 5' } })
      expect(await review(buyer.token, { lineId, rating: 6 })).toMatchObject({ status: 400, body: { msg: 'Rating must be 1 to 5' } })
      expect(await review(buyer.token, { lineId, rating: 4.5 })).toMatchObject({ status: 400, body: { msg: 'Rating must be 1 to 5' } })
      expect(await review(buyer.token, { lineId, comment: 'x'.repeat(141) })).toMatchObject({
        status: 400,
        body: { msg: 'Review too long' },
      })
      const seven = Array.from({ length: 7 }, (_, n) => n + 1)
      expect(await review(buyer.token, { lineId, photoUploadIds: seven })).toMatchObject({ status: 400, body: { msg: 'Too many photos' } })
      const othersPhoto = await photo(other.token)
      expect(await review(buyer.token, { lineId, photoUploadIds: [othersPhoto.id] })).toMatchObject({
        status: 400,
        body: { msg: 'Invalid photo' },
      })
      const proof = await uploadImage(t, buyer.token, await proofPng())
      expect(await review(buyer.token, { lineId, photoUploadIds: [proof.id] })).toMatchObject({
        status: 400,
        body: { msg: 'Invalid photo' },
      })
      const mine = await photo(buyer.token)
      expect(await review(buyer.token, { lineId, photoUploadIds: [mine.id, mine.id] })).toMatchObject({
        status: 400,
        body: { msg: 'Invalid photo' },
      })
      // 140 characters and 6 photos are fine.
      const six = await Promise.all(Array.from({ length: 6 }, (_, n) => photo(buyer.token, `#1${n}3456`)))
      const ok = await t.post(
        '/api/reviews',
        { lineId, rating: 3, comment: 'é'.repeat(140), photoUploadIds: six.map((p) => p.id) },
        { token: buyer.token, schema: ReviewRecord },
      )
      expect(ok.body.data.photos.map((p) => p.id)).toEqual(six.map((p) => p.id))
      // A photo already on a review cannot go on another.
      const next = await receivedOrder(buyer, [3])
      expect(await review(buyer.token, { lineId: next.lines[0]!.id, photoUploadIds: [six[0]!.id] })).toMatchObject({
        status: 400,
        body: { msg: 'Invalid photo' },
      })
    })

    it('refuses a line whose every unit was refunded, and a line received more than 90 days ago', async () => {
      const order = await receivedOrder(other, [4, 6])
      const [refunded, old] = order.lines
      const applied = await t.post(
        `/api/orders/${order.id}/refunds`,
        { lineId: refunded!.id, quantity: refunded!.quantity, reason: 'Never arrived' },
        { token: other.token, schema: Order },
      )
      const refund = applied.body.data.refunds.find((r) => r.lineId === refunded!.id)!
      await t.post(`/api/shop/refunds/${refund.id}/agree`, {}, { token: gadgets.token })
      expect(await review(other.token, { lineId: refunded!.id })).toMatchObject({
        status: 409,
        body: { msg: 'Refunded goods cannot be reviewed' },
      })
      await t.db.kysely
        .updateTable('orders')
        .set({ received_at_ms: Date.now() - reviewWindowMs - day })
        .where('id', '=', order.id)
        .execute()
      expect(await review(other.token, { lineId: old!.id })).toMatchObject({ status: 409, body: { msg: 'Review period over' } })
      const toReview = (await t.get('/api/orders?tab=to_review', { token: other.token, schema: OrderPage })).body.data.items
      expect(toReview.map((o) => o.id)).not.toContain(order.id)
    })

    it('keeps one review per line when 100 posts arrive at once', async () => {
      const order = await receivedOrder(other, [7])
      const lineId = order.lines[0]!.id
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, n) => review(other.token, { lineId, rating: (n % 5) + 1, comment: `attempt ${n}` })),
      )
      const won = replies.filter((r) => r.status === 200)
      expect(won).toHaveLength(1)
      expect(replies.filter((r) => r.status !== 200).every((r) => r.body.msg === 'Already reviewed')).toBe(true)
      const rows = await t.db.kysely.selectFrom('reviews').select(['id', 'rating']).where('order_line_id', '=', lineId).execute()
      expect(rows).toHaveLength(1)
      const d = await detail(order.lines[0]!.listingId)
      expect(d.reviewSummary.count).toBe(1)
      expect(d.reviewSummary.average).toBe(rows[0]!.rating)
    })
  })
})
