import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { claimed, platformCoupon, shopCoupon } from '../../test/coupon-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { merchantSession, quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'

/**
 * Bursts of 100 requests where only some may win (CONTRIBUTING.md): claims within the stock
 * and each buyer's limit, and one coupon used by exactly one of 100 simultaneous checkouts.
 * A read-then-write version of each (count, then insert; read unused, then update) handed
 * out more on PostgreSQL, where transactions run side by side.
 */
describe.each(await testDialects())('coupons under concurrency on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let pinHash: string
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    pinHash = await hash('123456')
  })
  afterAll(async () => t?.close())

  const claimsOf = (couponId: number) =>
    t.db.kysely.selectFrom('user_coupons').select(['user_id', 'claim_no']).where('coupon_id', '=', couponId).execute()
  const claimedCount = async (couponId: number) =>
    (await t.db.kysely.selectFrom('coupons').select('claimed_count').where('id', '=', couponId).executeTakeFirstOrThrow()).claimed_count
  const burst = (requests: { token: string; couponId: number }[]) =>
    Promise.all(requests.map((r) => t.post(`/api/coupons/${r.couponId}/claim`, {}, { token: r.token, ip: freshIp() })))

  it('hands 30 claims to 100 buyers claiming a coupon of 30 at once', async () => {
    const coupon = await platformCoupon(t, admin, { stock: 30 })
    const buyers = await quickBuyers(t, 100, pinHash)
    const replies = await burst(buyers.map((b) => ({ token: b.token, couponId: coupon.id })))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(30)
    expect(replies.filter((r) => r.body.msg === 'Coupons all claimed')).toHaveLength(70)
    expect(await claimsOf(coupon.id)).toHaveLength(30)
    expect(await claimedCount(coupon.id)).toBe(30)
  })

  it('gives one buyer sending 100 claims at once exactly their limit of 3', async () => {
    const coupon = await platformCoupon(t, admin, { stock: 1000, perBuyerLimit: 3 })
    const [buyer] = await quickBuyers(t, 1, pinHash)
    const replies = await burst(Array.from({ length: 100 }, () => ({ token: buyer!.token, couponId: coupon.id })))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3)
    expect(replies.filter((r) => r.body.msg === 'Coupon claim limit reached')).toHaveLength(97)
    expect((await claimsOf(coupon.id)).map((c) => c.claim_no).sort()).toEqual([1, 2, 3])
    expect(await claimedCount(coupon.id)).toBe(3)
  })

  it('keeps 25 buyers sending 4 claims each within both the stock of 40 and the limit of 2', async () => {
    const coupon = await platformCoupon(t, admin, { stock: 40, perBuyerLimit: 2 })
    const buyers = await quickBuyers(t, 25, pinHash)
    const replies = await burst(buyers.flatMap((b) => Array.from({ length: 4 }, () => ({ token: b.token, couponId: coupon.id }))))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(40)
    const claims = await claimsOf(coupon.id)
    expect(claims).toHaveLength(40)
    const perBuyer = new Map<number, number>()
    for (const c of claims) perBuyer.set(c.user_id, (perBuyer.get(c.user_id) ?? 0) + 1)
    expect(Math.max(...perBuyer.values())).toBeLessThanOrEqual(2)
    expect(await claimedCount(coupon.id)).toBe(40)
  })

  it('places exactly one of 100 simultaneous orders that use one coupon', async () => {
    const merchant = await merchantSession(t, 'Casa Verde', 0)
    const sku = await skuOfShop(t, 'Casa Verde', 2)
    await t.db.kysely
      .updateTable('listing_skus')
      .set({ stock: 1000 })
      .where('listing_id', '=', sku.listing_id)
      .where('sku_id', '=', sku.sku_id)
      .execute()
    const [buyer] = await quickBuyers(t, 1, pinHash)
    const held = await claimed(
      t,
      buyer!.token,
      (await shopCoupon(t, merchant.token, { kind: 'instant', thresholdCents: 0, amountCents: 1 })).id,
    )
    const body = {
      lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }],
      addressId: buyer!.addressId,
      coupons: { [merchant.shopId]: held.heldId },
    }
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => t.post('/api/orders', body, { token: buyer!.token, ip: freshIp() })),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.body.msg === 'Coupon already used')).toHaveLength(99)
    const orders = await t.db.kysely.selectFrom('orders').select(['id', 'coupon_held_id']).where('user_id', '=', buyer!.userId).execute()
    expect(orders).toEqual([{ id: orders[0]!.id, coupon_held_id: held.heldId }])
    const stock = await t.db.kysely
      .selectFrom('listing_skus')
      .select('stock')
      .where('listing_id', '=', sku.listing_id)
      .where('sku_id', '=', sku.sku_id)
      .executeTakeFirstOrThrow()
    expect(stock.stock).toBe(999)
  })
})
