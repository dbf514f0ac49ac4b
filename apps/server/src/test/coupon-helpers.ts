import { CouponItem, IssuedCoupon } from '@bazaar/contract/coupon'
import { Order } from '@bazaar/contract/orders'
import type { TestApp } from './app-harness.ts'
import { freshIp } from './app-harness.ts'
import { dataOf, itemsOf } from './replies.ts'

const dayMs = 86_400_000

/**
 * A coupon body that passes every rule: $3 off goods of $10 or more, open from a minute ago
 * for a week, 100 in stock, one per buyer; `overrides` change any field.
 */
export function couponBody(overrides: Record<string, unknown> = {}) {
  const nowMs = Date.now()
  return {
    kind: 'full_reduction',
    title: 'Spring sale',
    thresholdCents: 1000,
    amountCents: 300,
    percentOff: 0,
    startsAtMs: nowMs - 60_000,
    endsAtMs: nowMs + 7 * dayMs,
    stock: 100,
    perBuyerLimit: 1,
    ...overrides,
  }
}

/** Issues a platform coupon as an operator. */
export async function platformCoupon(t: TestApp, admin: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return (await t.post('/api/admin/coupons', couponBody(overrides), { headers: admin, schema: IssuedCoupon })).body.data
}

/** Issues a coupon of the merchant's shop. */
export async function shopCoupon(t: TestApp, merchantToken: string, overrides: Record<string, unknown> = {}) {
  return (await t.post('/api/shop/coupons', couponBody(overrides), { token: merchantToken, schema: IssuedCoupon })).body.data
}

/** Claims a coupon that must be claimable; returns the buyer's claim. */
export async function claimed(t: TestApp, token: string, couponId: number) {
  return (await t.post(`/api/coupons/${couponId}/claim`, {}, { token, ip: freshIp(), schema: CouponItem })).body.data
}

/** Moves a coupon's window (test setup: 'expired' and 'not started' without waiting). */
export async function setWindow(t: TestApp, couponId: number, startsAtMs: number, endsAtMs: number): Promise<void> {
  await t.db.kysely.updateTable('coupons').set({ starts_at_ms: startsAtMs, ends_at_ms: endsAtMs }).where('id', '=', couponId).execute()
}

/** Places one order of `lines` with coupons per shop id, and pays it; returns the paid orders. */
export async function paidWithCoupons(
  t: TestApp,
  buyer: { token: string; addressId: number },
  lines: { listingId: number; skuId: number; quantity: number }[],
  coupons: Record<string, number>,
) {
  const placed = await t.post('/api/orders', { lines, addressId: buyer.addressId, coupons }, { token: buyer.token, schema: itemsOf(Order) })
  const ids = placed.body.data.items.map((o) => o.id)
  return dataOf(
    itemsOf(Order),
    await t.post('/api/orders/pay', { orderIds: ids, paymentPassword: '123456' }, { token: buyer.token, ip: freshIp() }),
  ).items
}
