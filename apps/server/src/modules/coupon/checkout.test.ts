import { CouponPage } from '@bazaar/contract/coupon'
import { CheckoutPreview, Order } from '@bazaar/contract/orders'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { claimed, paidWithCoupons, platformCoupon, setWindow, shopCoupon } from '../../test/coupon-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { creditWallet, merchantSession, quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { runOrderSweeps } from '../order/sweeps.ts'

const dayMs = 86_400_000

/**
 * Coupons at checkout (SPEC §2 buy, ARCHITECTURE.md money flows): which fit each shop order,
 * the best preselected, the discount computed by the server and split across the lines, one
 * coupon per shop order used once, and given back when the order never kept it.
 */
describe.each(await testDialects())('coupons at checkout on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let casa: Awaited<ReturnType<typeof merchantSession>>
  let gadget: Awaited<ReturnType<typeof merchantSession>>
  let pinHash: string
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    casa = await merchantSession(t, 'Casa Verde')
    gadget = await merchantSession(t, 'Gadget Harbor')
    pinHash = await hash('123456')
  })
  afterAll(async () => t?.close())

  async function buyer() {
    const b = (await quickBuyers(t, 1, pinHash))[0]!
    await creditWallet(t, b.userId, 5_000_000)
    return b
  }
  /** A line of a shop's SKU whose goods reach `atLeastCents`. */
  async function lineOf(shopName: string, atLeastCents: number, offset = 0) {
    const sku = await skuOfShop(t, shopName, offset)
    const quantity = Math.max(1, Math.ceil(atLeastCents / Number(sku.price_cents)))
    return { listingId: sku.listing_id, skuId: sku.sku_id, quantity, priceCents: Number(sku.price_cents) }
  }
  const plain = ({ listingId, skuId, quantity }: { listingId: number; skuId: number; quantity: number }) => ({ listingId, skuId, quantity })
  const preview = (token: string, body: object) => t.post('/api/checkout/preview', body, { token })
  const stockOf = async (line: { listingId: number; skuId: number }) =>
    (
      await t.db.kysely
        .selectFrom('listing_skus')
        .select('stock')
        .where('listing_id', '=', line.listingId)
        .where('sku_id', '=', line.skuId)
        .executeTakeFirstOrThrow()
    ).stock
  const heldState = async (token: string, heldId: number) =>
    (await t.get('/api/coupons/mine?tab=all&limit=100', { token, schema: CouponPage })).body.data.items.find((i) => i.heldId === heldId)

  describe('POST /api/checkout/preview', () => {
    it('lists the coupons that fit each shop order, best first, and preselects the best without using one twice', async () => {
      const b = await buyer()
      const casaLine = await lineOf('Casa Verde', 5000)
      const gadgetLine = await lineOf('Gadget Harbor', 5000)
      const casaOnly = await claimed(t, b.token, (await shopCoupon(t, casa.token, { amountCents: 200 })).id)
      const gadgetOnly = await claimed(t, b.token, (await shopCoupon(t, gadget.token, { amountCents: 100 })).id)
      const big = await claimed(t, b.token, (await platformCoupon(t, admin, { amountCents: 900 })).id)
      const tooHigh = await claimed(t, b.token, (await platformCoupon(t, admin, { thresholdCents: 9_000_000, amountCents: 5000 })).id)
      const body = { lines: [plain(casaLine), plain(gadgetLine)] }
      const p = (await t.post('/api/checkout/preview', body, { token: b.token, schema: CheckoutPreview })).body.data
      const casaGroup = p.groups.find((g) => g.shop.id === casa.shopId)!
      const gadgetGroup = p.groups.find((g) => g.shop.id === gadget.shopId)!
      expect(casaGroup.coupons.map((c) => c.heldId)).toEqual([big.heldId, casaOnly.heldId])
      expect(gadgetGroup.coupons.map((c) => c.heldId)).toEqual([big.heldId, gadgetOnly.heldId])
      expect(p.groups.flatMap((g) => g.coupons.map((c) => c.heldId))).not.toContain(tooHigh.heldId)
      // The platform coupon goes to one order; the other gets its own shop's.
      const picks = [casaGroup.couponHeldId, gadgetGroup.couponHeldId]
      expect(picks.filter((id) => id === big.heldId)).toHaveLength(1)
      expect(picks).toEqual(expect.arrayContaining([big.heldId]))
      for (const g of p.groups) expect(g.totalCents).toBe(g.productTotalCents + g.freightCents - g.couponCents)
      expect(p.totalCents).toBe(p.groups.reduce((s, g) => s + g.totalCents, 0))
      expect(casaGroup.couponCents + gadgetGroup.couponCents).toBe(900 + (casaGroup.couponHeldId === big.heldId ? 100 : 200))

      const none = (
        await t.post('/api/checkout/preview', { ...body, coupons: { [casa.shopId]: null } }, { token: b.token, schema: CheckoutPreview })
      ).body.data
      expect(none.groups.find((g) => g.shop.id === casa.shopId)).toMatchObject({ couponHeldId: null, couponCents: 0 })
      expect(none.groups.find((g) => g.shop.id === gadget.shopId)!.couponHeldId).toBe(big.heldId)
      const picked = (
        await t.post(
          '/api/checkout/preview',
          { ...body, coupons: { [casa.shopId]: casaOnly.heldId } },
          { token: b.token, schema: CheckoutPreview },
        )
      ).body.data
      expect(picked.groups.find((g) => g.shop.id === casa.shopId)).toMatchObject({ couponHeldId: casaOnly.heldId, couponCents: 200 })
    })

    it('refuses a picked coupon of another shop, one below its threshold, and one coupon for two shop orders', async () => {
      const b = await buyer()
      const casaLine = plain(await lineOf('Casa Verde', 1000))
      const gadgetLine = plain(await lineOf('Gadget Harbor', 1000))
      const gadgetOnly = await claimed(t, b.token, (await shopCoupon(t, gadget.token)).id)
      const high = await claimed(t, b.token, (await platformCoupon(t, admin, { thresholdCents: 9_000_000, amountCents: 100 })).id)
      const platform = await claimed(t, b.token, (await platformCoupon(t, admin)).id)
      const other = await preview(b.token, { lines: [casaLine], coupons: { [casa.shopId]: gadgetOnly.heldId } })
      expect({ status: other.status, msg: other.body.msg }).toEqual({ status: 400, msg: 'Coupon does not apply to this order' })
      expect((await preview(b.token, { lines: [casaLine], coupons: { [casa.shopId]: high.heldId } })).body.msg).toBe(
        'Coupon does not apply to this order',
      )
      const twice = await preview(b.token, {
        lines: [casaLine, gadgetLine],
        coupons: { [casa.shopId]: platform.heldId, [gadget.shopId]: platform.heldId },
      })
      expect({ status: twice.status, msg: twice.body.msg }).toEqual({ status: 409, msg: 'Coupon already used' })
    })
  })

  describe('POST /api/orders with coupons', () => {
    it('computes the discount itself, splits it over the lines by line total (largest remainder), and marks the coupon used', async () => {
      const b = await buyer()
      const first = await lineOf('Casa Verde', 1, 0)
      const second = await lineOf('Casa Verde', 1, 1)
      const lines = [
        { ...plain(first), quantity: 3 },
        { ...plain(second), quantity: 1 },
      ]
      const goods = first.priceCents * 3 + second.priceCents
      const coupon = await platformCoupon(t, admin, { kind: 'full_discount', percentOff: 15, amountCents: 0, thresholdCents: 1 })
      const held = await claimed(t, b.token, coupon.id)
      const sneaky = await t.post(
        '/api/orders',
        { lines, addressId: b.addressId, coupons: { [casa.shopId]: held.heldId }, couponCents: goods },
        { token: b.token },
      )
      expect({ status: sneaky.status, msg: sneaky.body.msg }).toEqual({ status: 400, msg: 'Invalid parameters' })
      const placed = await t.post(
        '/api/orders',
        { lines, addressId: b.addressId, coupons: { [casa.shopId]: held.heldId } },
        { token: b.token, schema: itemsOf(Order) },
      )
      const order = placed.body.data.items[0]!
      const discount = Math.floor((goods * 15) / 100)
      expect(order).toMatchObject({ couponCents: discount, coupon: { issuer: 'platform', title: 'Spring sale' } })
      expect(order.totalCents).toBe(goods + order.freightCents - discount)
      expect(order.lines.reduce((s, l) => s + l.couponShareCents, 0)).toBe(discount)
      for (const l of order.lines) {
        expect(l.netPaidCents).toBe(l.lineTotalCents - l.couponShareCents)
        // Proportional to the line total, within the one cent the largest remainder adds.
        expect(Math.abs(l.couponShareCents - (discount * l.lineTotalCents) / goods)).toBeLessThan(1)
      }
      expect(await heldState(b.token, held.heldId!)).toMatchObject({ state: 'used', orderId: order.id })
      const again = await t.post(
        '/api/orders',
        { lines, addressId: b.addressId, coupons: { [casa.shopId]: held.heldId } },
        { token: b.token },
      )
      expect({ status: again.status, msg: again.body.msg }).toEqual({ status: 409, msg: 'Coupon already used' })
    })

    it('refuses an unknown coupon, another buyer’s, an expired one, one not started, another shop’s, one below its threshold, and changes nothing', async () => {
      const b = await buyer()
      const someoneElse = await buyer()
      const line = await lineOf('Casa Verde', 1000)
      const theirs = await claimed(t, someoneElse.token, (await platformCoupon(t, admin)).id)
      const expiredCoupon = await platformCoupon(t, admin)
      const expired = await claimed(t, b.token, expiredCoupon.id)
      await setWindow(t, expiredCoupon.id, Date.now() - 2 * dayMs, Date.now() - 1)
      const laterCoupon = await platformCoupon(t, admin)
      const later = await claimed(t, b.token, laterCoupon.id)
      await setWindow(t, laterCoupon.id, Date.now() + dayMs, Date.now() + 2 * dayMs)
      const gadgetOnly = await claimed(t, b.token, (await shopCoupon(t, gadget.token)).id)
      const high = await claimed(t, b.token, (await platformCoupon(t, admin, { thresholdCents: 9_000_000, amountCents: 100 })).id)
      const stock = await stockOf(line)
      const cases: [number, string, number][] = [
        [999_999, 'Coupon not found', 404],
        [theirs.heldId!, 'Coupon not found', 404],
        [expired.heldId!, 'Coupon expired', 409],
        [later.heldId!, 'Coupon not started', 409],
        [gadgetOnly.heldId!, 'Coupon does not apply to this order', 400],
        [high.heldId!, 'Coupon does not apply to this order', 400],
      ]
      for (const [heldId, msg, status] of cases) {
        const reply = await t.post(
          '/api/orders',
          { lines: [plain(line)], addressId: b.addressId, coupons: { [casa.shopId]: heldId } },
          { token: b.token },
        )
        expect({ heldId, status: reply.status, msg: reply.body.msg }).toEqual({ heldId, status, msg })
      }
      expect(await stockOf(line)).toBe(stock)
      expect(await t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', b.userId).execute()).toEqual([])
      expect((await heldState(someoneElse.token, theirs.heldId!))?.state).toBe('unused')
    })
  })

  describe('giving a coupon back', () => {
    it('gives it back when the unpaid order is cancelled or expires, so it can be used again', async () => {
      const b = await buyer()
      const line = plain(await lineOf('Casa Verde', 1000))
      const held = await claimed(t, b.token, (await shopCoupon(t, casa.token)).id)
      const place = async () =>
        (
          await t.post(
            '/api/orders',
            { lines: [line], addressId: b.addressId, coupons: { [casa.shopId]: held.heldId } },
            {
              token: b.token,
              schema: itemsOf(Order),
            },
          )
        ).body.data.items[0]!
      const cancelled = await place()
      expect((await t.post(`/api/orders/${cancelled.id}/cancel`, {}, { token: b.token, schema: Order })).body.data.status).toBe('cancelled')
      expect(await heldState(b.token, held.heldId!)).toMatchObject({ state: 'unused', orderId: null })
      const expiring = await place()
      await runOrderSweeps(t.db, Date.now() + dayMs)
      expect((await t.get(`/api/orders/${expiring.id}`, { token: b.token, schema: Order })).body.data.status).toBe('cancelled')
      expect(await heldState(b.token, held.heldId!)).toMatchObject({ state: 'unused', orderId: null })
      // A cancelled order that no longer holds the coupon never takes it back from the order that does.
      const kept = await place()
      await t.post(`/api/orders/${cancelled.id}/cancel`, {}, { token: b.token })
      expect(await heldState(b.token, held.heldId!)).toMatchObject({ state: 'used', orderId: kept.id })
    })

    it('gives it back when every unit is refunded before shipping, not after a partial refund or once shipped', async () => {
      const b = await buyer()
      const line = { ...plain(await lineOf('Casa Verde', 1000)), quantity: 2 }
      const refundAll = async (order: { id: number; lines: { id: number }[] }, quantity: number) => {
        const applied = await t.post(
          `/api/orders/${order.id}/refunds`,
          { lineId: order.lines[0]!.id, quantity, reason: 'Changed my mind' },
          { token: b.token, schema: Order },
        )
        expect((await t.post(`/api/shop/refunds/${applied.body.data.refunds.at(-1)!.id}/agree`, {}, { token: casa.token })).status).toBe(
          200,
        )
      }
      const beforeShip = await claimed(t, b.token, (await shopCoupon(t, casa.token)).id)
      const [unshipped] = await paidWithCoupons(t, b, [line], { [casa.shopId]: beforeShip.heldId! })
      await refundAll(unshipped!, 1)
      expect((await heldState(b.token, beforeShip.heldId!))?.state).toBe('used')
      await refundAll(unshipped!, 1)
      expect(await heldState(b.token, beforeShip.heldId!)).toMatchObject({ state: 'unused', orderId: null })

      const afterShip = await claimed(t, b.token, (await platformCoupon(t, admin)).id)
      const [shipped] = await paidWithCoupons(t, b, [line], { [casa.shopId]: afterShip.heldId! })
      await t.post(
        `/api/shop/orders/${shipped!.id}/ship`,
        { carrier: 'DHL', trackingNo: 'DHL000111' },
        { token: casa.token, ip: freshIp() },
      )
      await refundAll(shipped!, 2)
      expect((await t.get(`/api/orders/${shipped!.id}`, { token: b.token, schema: Order })).body.data.status).toBe('refunded')
      expect((await heldState(b.token, afterShip.heldId!))?.state).toBe('used')
    })
  })
})
