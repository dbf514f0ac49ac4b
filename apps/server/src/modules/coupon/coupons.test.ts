import { CouponCounts, CouponPage, CouponRules, IssuedCoupon, IssuedCouponPage } from '@bazaar/contract/coupon'
import { couponLimits, couponNewForMs } from '@bazaar/contract/coupon-values'
import { Order } from '@bazaar/contract/orders'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { claimed, couponBody, platformCoupon, setWindow, shopCoupon } from '../../test/coupon-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { merchantSession, quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'

const dayMs = 86_400_000

/** Issuing, ending, claiming and the buyer's six tabs (SPEC §3 Coupon). */
describe.each(await testDialects())('coupons on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let casa: Awaited<ReturnType<typeof merchantSession>>
  let gadget: Awaited<ReturnType<typeof merchantSession>>
  let buyers: { token: string; userId: number }[]
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    casa = await merchantSession(t, 'Casa Verde', 0)
    gadget = await merchantSession(t, 'Gadget Harbor', 0)
    buyers = await quickBuyers(t, 4, await hash('123456'))
  })
  afterAll(async () => t?.close())

  const countRows = async (table: 'coupons' | 'user_coupons') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const tab = async (token: string, name: string) =>
    (await t.get(`/api/coupons/mine?tab=${name}`, { token, schema: CouponPage })).body.data.items

  describe('POST /api/shop/coupons and /api/admin/coupons', () => {
    it('issues a shop coupon and a platform coupon, each listed to its issuer only, active with nothing claimed', async () => {
      const own = await shopCoupon(t, casa.token, { title: 'Casa ten' })
      const platform = await platformCoupon(t, admin, { kind: 'full_discount', percentOff: 10, amountCents: 0, title: 'Platform 10%' })
      expect(own).toMatchObject({ issuer: 'shop', shop: { id: casa.shopId, name: 'Casa Verde' }, phase: 'active', claimed: 0, used: 0 })
      expect(platform).toMatchObject({ issuer: 'platform', shop: null, kind: 'full_discount', percentOff: 10, phase: 'active' })
      const shopList = (await t.get('/api/shop/coupons', { token: casa.token, schema: IssuedCouponPage })).body.data.items
      expect(shopList.map((c) => c.id)).toContain(own.id)
      expect(shopList.map((c) => c.id)).not.toContain(platform.id)
      const gadgetList = (await t.get('/api/shop/coupons', { token: gadget.token, schema: IssuedCouponPage })).body.data.items
      expect(gadgetList.map((c) => c.id)).not.toContain(own.id)
      const adminList = (await t.get('/api/admin/coupons', { headers: admin, schema: IssuedCouponPage })).body.data.items
      expect(adminList.map((c) => c.id)).toEqual(expect.arrayContaining([platform.id]))
      expect(adminList.map((c) => c.id)).not.toContain(own.id)
      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .select(['action', 'target_id'])
        .where('action', '=', 'coupon.create')
        .execute()
      expect(audit).toContainEqual({ action: 'coupon.create', target_id: String(platform.id) })
    })

    it.each([
      ['a reduction at or above its threshold', { amountCents: 1000, thresholdCents: 1000 }, 'Coupon value incorrect'],
      ['a reduction of nothing', { amountCents: 0 }, 'Coupon value incorrect'],
      ['a full reduction without threshold', { thresholdCents: 0 }, 'Coupon value incorrect'],
      ['a discount of 0%', { kind: 'full_discount', amountCents: 0, percentOff: 0 }, 'Coupon value incorrect'],
      ['a discount of 95%', { kind: 'full_discount', amountCents: 0, percentOff: 95 }, 'Coupon value incorrect'],
      ['a discount with an amount too', { kind: 'full_discount', percentOff: 10 }, 'Coupon value incorrect'],
      ['an instant reduction with a threshold', { kind: 'instant' }, 'Coupon value incorrect'],
      ['a window that ends before it starts', { startsAtMs: Date.now() + dayMs, endsAtMs: Date.now() }, 'Coupon period incorrect'],
      ['a window over a year', { endsAtMs: Date.now() + 400 * dayMs }, 'Coupon period incorrect'],
      ['a window already over', { startsAtMs: Date.now() - 2 * dayMs, endsAtMs: Date.now() - dayMs }, 'Coupon period incorrect'],
      ['a stock of 0', { stock: 0 }, 'Invalid parameters'],
      ['a per-buyer limit of 11', { perBuyerLimit: 11 }, 'Invalid parameters'],
    ])('refuses %s and issues nothing', async (_what, overrides, key) => {
      const before = await countRows('coupons')
      const shop = await t.post('/api/shop/coupons', couponBody(overrides), { token: casa.token })
      const platform = await t.post('/api/admin/coupons', couponBody(overrides), { headers: admin })
      for (const reply of [shop, platform]) expect({ status: reply.status, msg: reply.body.msg }).toEqual({ status: 400, msg: key })
      expect(await countRows('coupons')).toBe(before)
    })

    it('refuses a buyer on the merchant routes and a merchant on the operators', async () => {
      expect((await t.post('/api/shop/coupons', couponBody(), { token: buyers[0]!.token })).status).toBe(403)
      expect((await t.post('/api/admin/coupons', couponBody(), { token: casa.token })).status).toBe(401)
    })

    it("ends a coupon: claims stop, coupons already held stay good, ending again or another shop's answers a key", async () => {
      const coupon = await shopCoupon(t, casa.token, { perBuyerLimit: 2 })
      const held = await claimed(t, buyers[0]!.token, coupon.id)
      expect((await t.post(`/api/shop/coupons/${coupon.id}/end`, {}, { token: gadget.token })).body.msg).toBe('Coupon not found')
      const ended = await t.post(`/api/shop/coupons/${coupon.id}/end`, {}, { token: casa.token, schema: IssuedCoupon })
      expect(ended.body.data).toMatchObject({ phase: 'ended', claimed: 1 })
      expect((await t.post(`/api/shop/coupons/${coupon.id}/end`, {}, { token: casa.token })).body.msg).toBe('Coupon has ended')
      const again = await t.post(`/api/coupons/${coupon.id}/claim`, {}, { token: buyers[0]!.token })
      expect({ status: again.status, msg: again.body.msg }).toEqual({ status: 409, msg: 'Coupon has ended' })
      expect((await tab(buyers[0]!.token, 'unused')).find((i) => i.heldId === held.heldId)).toMatchObject({ state: 'unused' })
      const platform = await platformCoupon(t, admin)
      expect((await t.post(`/api/admin/coupons/${platform.id}/end`, {}, { headers: admin, schema: IssuedCoupon })).body.data.phase).toBe(
        'ended',
      )
      expect((await t.post(`/api/admin/coupons/${coupon.id}/end`, {}, { headers: admin })).body.msg).toBe('Coupon not found')
    })
  })

  describe('POST /api/coupons/:id/claim', () => {
    it('claims up to the per-buyer limit, then answers the limit key and takes nothing', async () => {
      const coupon = await platformCoupon(t, admin, { perBuyerLimit: 2 })
      const first = await claimed(t, buyers[1]!.token, coupon.id)
      const second = await claimed(t, buyers[1]!.token, coupon.id)
      expect(first).toMatchObject({ state: 'unused', claimedByMe: 1, canClaim: true, isNew: true })
      expect(second).toMatchObject({ claimedByMe: 2, canClaim: false })
      const third = await t.post(`/api/coupons/${coupon.id}/claim`, {}, { token: buyers[1]!.token })
      expect({ status: third.status, msg: third.body.msg }).toEqual({ status: 409, msg: 'Coupon claim limit reached' })
      const row = await t.db.kysely.selectFrom('coupons').select('claimed_count').where('id', '=', coupon.id).executeTakeFirstOrThrow()
      expect(row.claimed_count).toBe(2)
    })

    it('hands out no more than the stock', async () => {
      const coupon = await shopCoupon(t, casa.token, { stock: 1 })
      await claimed(t, buyers[0]!.token, coupon.id)
      const late = await t.post(`/api/coupons/${coupon.id}/claim`, {}, { token: buyers[1]!.token })
      expect({ status: late.status, msg: late.body.msg }).toEqual({ status: 409, msg: 'Coupons all claimed' })
    })

    it('refuses a coupon not started, one whose window passed, an unknown one, and a merchant claiming their own shop', async () => {
      const coupon = await platformCoupon(t, admin)
      await setWindow(t, coupon.id, Date.now() + dayMs, Date.now() + 2 * dayMs)
      expect((await t.post(`/api/coupons/${coupon.id}/claim`, {}, { token: buyers[0]!.token })).body.msg).toBe('Coupon not started')
      await setWindow(t, coupon.id, Date.now() - 2 * dayMs, Date.now() - dayMs)
      expect((await t.post(`/api/coupons/${coupon.id}/claim`, {}, { token: buyers[0]!.token })).body.msg).toBe('Coupon has ended')
      const unknown = await t.post('/api/coupons/999999/claim', {}, { token: buyers[0]!.token })
      expect({ status: unknown.status, msg: unknown.body.msg }).toEqual({ status: 404, msg: 'Coupon not found' })
      const own = await shopCoupon(t, casa.token)
      expect((await t.post(`/api/coupons/${own.id}/claim`, {}, { token: casa.token })).body.msg).toBe('no my shop')
      expect((await t.post(`/api/coupons/${own.id}/claim`, {}, {})).status).toBe(401)
    })
  })

  describe('GET /api/coupons/offers', () => {
    it("shows a shop's and the platform's open coupons, to visitors without claims and to buyers with theirs", async () => {
      const own = await shopCoupon(t, casa.token)
      const other = await shopCoupon(t, gadget.token)
      const platform = await platformCoupon(t, admin)
      const visitor = (await t.get(`/api/coupons/offers?shopId=${casa.shopId}&limit=100`, { ip: freshIp(), schema: CouponPage })).body.data
      const ids = visitor.items.map((i) => i.coupon.id)
      expect(ids).toEqual(expect.arrayContaining([own.id, platform.id]))
      expect(ids).not.toContain(other.id)
      expect(visitor.items.every((i) => i.state === 'unclaimed' && !i.canClaim)).toBe(true)
      await claimed(t, buyers[2]!.token, own.id)
      const mine = (await t.get(`/api/coupons/offers?shopId=${casa.shopId}&limit=100`, { token: buyers[2]!.token, schema: CouponPage }))
        .body.data.items
      expect(mine.find((i) => i.coupon.id === own.id)).toMatchObject({ claimedByMe: 1, canClaim: false })
      expect(mine.find((i) => i.coupon.id === platform.id)).toMatchObject({ claimedByMe: 0, canClaim: true })
      const all = (await t.get('/api/coupons/offers?limit=100', { schema: CouponPage })).body.data.items.map((i) => i.coupon.id)
      expect(all).toEqual(expect.arrayContaining([own.id, other.id, platform.id]))
    })

    it('pages newest first with a cursor and refuses a bad one', async () => {
      for (let n = 0; n < 3; n++) await platformCoupon(t, admin, { title: `Page ${n}` })
      const first = (await t.get('/api/coupons/offers?limit=2', { schema: CouponPage })).body.data
      expect(first.items).toHaveLength(2)
      expect(first.items[0]!.coupon.id).toBeGreaterThan(first.items[1]!.coupon.id)
      const second = (await t.get(`/api/coupons/offers?limit=2&cursor=${first.nextCursor}`, { schema: CouponPage })).body.data
      expect(second.items[0]!.coupon.id).toBeLessThan(first.items[1]!.coupon.id)
      expect((await t.get('/api/coupons/offers?cursor=nonsense')).body.msg).toBe('Invalid cursor')
    })
  })

  describe('GET /api/rules', () => {
    it('publishes the coupon bounds the forms and the server apply', async () => {
      const rules = (await t.get('/api/rules', { schema: z.object({ coupons: CouponRules }) })).body.data.coupons
      expect(rules).toEqual({ newForMs: couponNewForMs, ...couponLimits })
    })

    it('publishes the platform’s time zone, whose midnight ends a coupon’s last day (setting PLATFORM_TIME_ZONE, UTC unset)', async () => {
      expect((await t.get('/api/rules', { schema: z.object({ timeZone: z.string() }) })).body.data.timeZone).toBe('UTC')
    })
  })

  describe('GET /api/coupons/mine and /counts', () => {
    it('sorts claims into the six tabs: unclaimed, all, new, unused, used, expired', async () => {
      const buyer = (await quickBuyers(t, 1, await hash('123456')))[0]!
      const fresh = await platformCoupon(t, admin, { title: 'Fresh' })
      const old = await platformCoupon(t, admin, { title: 'Old' })
      const lapsing = await platformCoupon(t, admin, { title: 'Lapsing' })
      const used = await platformCoupon(t, admin, { title: 'Used' })
      const waiting = await platformCoupon(t, admin, { title: 'Waiting' })
      const a = await claimed(t, buyer.token, fresh.id)
      const b = await claimed(t, buyer.token, old.id)
      const c = await claimed(t, buyer.token, lapsing.id)
      const d = await claimed(t, buyer.token, used.id)
      await t.db.kysely
        .updateTable('user_coupons')
        .set({ claimed_at_ms: Date.now() - 5 * dayMs })
        .where('id', '=', b.heldId!)
        .execute()
      await setWindow(t, lapsing.id, Date.now() - 2 * dayMs, Date.now() - 1)
      const sku = await skuOfShop(t, 'Casa Verde')
      const quantity = Math.ceil(1000 / Number(sku.price_cents))
      const placed = await t.post(
        '/api/orders',
        {
          lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity }],
          addressId: buyer.addressId,
          coupons: { [casa.shopId]: d.heldId },
        },
        { token: buyer.token, schema: itemsOf(Order) },
      )
      expect(placed.body.data.items[0]!.coupon).toEqual({ issuer: 'platform', title: 'Used' })
      const heldIds = async (name: string) => (await tab(buyer.token, name)).map((i) => i.heldId)
      expect(await heldIds('all')).toEqual([d.heldId, c.heldId, b.heldId, a.heldId])
      expect(await heldIds('new')).toEqual([a.heldId])
      expect(await heldIds('unused')).toEqual([b.heldId, a.heldId])
      expect(await heldIds('used')).toEqual([d.heldId])
      expect(await heldIds('expired')).toEqual([c.heldId])
      expect((await tab(buyer.token, 'expired'))[0]).toMatchObject({ state: 'expired', canClaim: false })
      const unclaimed = (await tab(buyer.token, 'unclaimed')).map((i) => i.coupon.id)
      expect(unclaimed).toContain(waiting.id)
      expect(unclaimed).not.toContain(fresh.id)
      expect((await t.get('/api/coupons/counts', { token: buyer.token, schema: CouponCounts })).body.data).toEqual({ unused: 2, new: 1 })
    })
  })
})
