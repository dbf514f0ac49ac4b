import { AuditPage } from '@bazaar/contract/admin'
import { ListingPage, ProductDetail } from '@bazaar/contract/catalog'
import { Order, OrderCounts, OrderPage } from '@bazaar/contract/orders'
import { ReviewPage, ReviewRecord, ReviewRecordPage } from '@bazaar/contract/review'
import { reviewEditWindowMs, reviewWindowMs } from '@bazaar/contract/review-values'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { shipAndReceive } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { openTronRecharge, operatorHeaders, proofPng, uploadImage } from '../../test/wallet-helpers.ts'
import { summaryMismatches } from './service.ts'

const Orders = itemsOf(Order)
const day = 24 * 60 * 60_000

describe.each(await testDialects())('reviews on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let gadgets: Awaited<ReturnType<typeof merchantSession>>
  let casa: Awaited<ReturnType<typeof merchantSession>>
  let buyer: Awaited<ReturnType<typeof shopper>>
  let other: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
    gadgets = await merchantSession(t, 'Gadget Harbor')
    casa = await merchantSession(t, 'Casa Verde')
    buyer = await shopper(t, admin, 'reviewer@example.com', 10_000_000)
    other = await shopper(t, admin, 'other-reviewer@example.com', 10_000_000)
  })
  afterAll(async () => t?.close())

  /** Places and pays an order of one unit of each of the shop's SKUs at `offsets`; returns it. */
  async function paidOrder(who: { token: string; addressId: number }, shop: string, offsets: number[]) {
    const skus = await Promise.all(offsets.map((o) => skuOfShop(t, shop, o)))
    const lines = skus.map((s) => ({ listingId: s.listing_id, skuId: s.sku_id, quantity: 1 }))
    const order = (await t.post('/api/orders', { lines, addressId: who.addressId }, { token: who.token, schema: Orders })).body.data
      .items[0]!
    await t.post(
      '/api/orders/pay',
      { orderIds: [order.id], paymentPassword: '123456' },
      { token: who.token, ip: freshIp(), schema: Orders },
    )
    return order
  }
  /** …then shipped by its merchant and received by the buyer: its lines may be reviewed. */
  async function receivedOrder(who: { token: string; addressId: number }, offsets: number[], merchant = gadgets, shop = 'Gadget Harbor') {
    const order = await paidOrder(who, shop, offsets)
    return shipAndReceive(t, order.id, { merchant: merchant.token, buyer: who.token }, `JD${order.id}0000`)
  }
  const photo = async (token: string, colour = '#336699') =>
    uploadImage(
      t,
      token,
      await sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
      'photo.jpg',
      'review_photo',
    )
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
