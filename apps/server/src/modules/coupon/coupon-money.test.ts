import { Dashboard } from '@bazaar/contract/merchant-dashboard'
import { Order } from '@bazaar/contract/orders'
import { hash } from '@node-rs/argon2'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { claimed, paidWithCoupons, platformCoupon, shopCoupon } from '../../test/coupon-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { balanceByCode, expectLedgerBalanced, listingSku, newMerchant } from '../../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { completeOrder } from '../order/lifecycle-service.ts'

const dayMs = 86_400_000
const afterSalesMs = 7 * dayMs

/**
 * The money of coupon orders, as ARCHITECTURE.md (money flows) sets it out, checked against the
 * ledger's accounts: a shop coupon is paid by the shop (it is settled the price after
 * discount); a platform coupon by marketing (the shop is settled as without it); refunds give
 * the buyer only what they paid for the units and marketing its share back; the trial balance
 * stays zero throughout.
 */
describe.each(await testDialects())('coupon money on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: Awaited<ReturnType<typeof newMerchant>>
  let line: (quantity: number) => { listingId: number; skuId: number; quantity: number }
  let unitCents: number
  let pinHash: string
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    merchant = await newMerchant(t, admin, 'coupon-shop@example.com', 'Coupon Shop', 5_000_000)
    expect((await t.post('/api/shop/listings', { productId: 21, stock: 1000 }, { token: merchant.token })).status).toBe(200)
    const sku = await listingSku(t, merchant.shopId)
    unitCents = Number(sku.price_cents)
    line = (quantity) => ({ listingId: sku.listing_id, skuId: sku.sku_id, quantity })
    pinHash = await hash('123456')
  })
  afterAll(async () => t?.close())

  const funds = 5_000_000
  async function buyer() {
    const b = (await quickBuyers(t, 1, pinHash))[0]!
    await creditWallet(t, b.userId, funds)
    return b
  }
  const available = (userId: number) => balanceByCode(t, `user:${userId}:available`)
  const marketing = () => balanceByCode(t, 'platform:marketing')
  const escrow = (orderId: number) => balanceByCode(t, `escrow:${orderId}:order`)
  /** Transfers of one order by kind. */
  const moved = async (orderId: number) => {
    const { rows } = await sql<{ kind: string; cents: number | string }>`
      select kind, sum(amount_cents) as cents from ledger_transfers where order_id = ${orderId} group by kind`.execute(t.db.kysely)
    return (kind: string) => Number(rows.find((r) => r.kind === kind)?.cents ?? 0)
  }
  async function refund(b: { token: string }, order: { id: number; lines: { id: number }[] }, quantity: number) {
    const applied = await t.post(
      `/api/orders/${order.id}/refunds`,
      { lineId: order.lines[0]!.id, quantity, reason: 'Not needed' },
      { token: b.token, schema: Order },
    )
    expect((await t.post(`/api/shop/refunds/${applied.body.data.refunds.at(-1)!.id}/agree`, {}, { token: merchant.token })).status).toBe(
      200,
    )
    return (await t.get(`/api/orders/${order.id}`, { token: b.token, schema: Order })).body.data
  }
  async function ship(orderId: number) {
    const reply = await t.post(
      `/api/shop/orders/${orderId}/ship`,
      { carrier: 'DHL', trackingNo: `DHL${orderId}0000` },
      {
        token: merchant.token,
        ip: freshIp(),
      },
    )
    expect(reply.status).toBe(200)
  }
  async function settle(b: { token: string }, orderId: number) {
    expect((await t.post(`/api/orders/${orderId}/receive`, {}, { token: b.token })).status).toBe(200)
    expect(await completeOrder(t.db, orderId, Date.now() + afterSalesMs + dayMs, afterSalesMs)).toBe(true)
  }
  const supportFund = async () =>
    (await t.get('/api/shop/dashboard', { token: merchant.token, schema: Dashboard })).body.data.supportFundCents

  it('a shop coupon: the buyer pays the price after discount and the shop is settled exactly that; marketing never moves', async () => {
    const b = await buyer()
    const held = await claimed(t, b.token, (await shopCoupon(t, merchant.token, { thresholdCents: 2 * unitCents, amountCents: 250 })).id)
    const marketingBefore = await marketing()
    const [order] = await paidWithCoupons(t, b, [line(2)], { [merchant.shopId]: held.heldId! })
    expect(order!.couponCents).toBe(250)
    expect(order!.totalCents).toBe(2 * unitCents + order!.freightCents - 250)
    expect(await available(b.userId)).toBe(funds - order!.totalCents)
    expect(await escrow(order!.id)).toBe(order!.totalCents)
    await ship(order!.id)
    await settle(b, order!.id)
    const m = await moved(order!.id)
    expect(m('order_settlement')).toBe(order!.totalCents)
    expect(m('order_coupon') + m('coupon_return')).toBe(0)
    expect(await marketing()).toBe(marketingBefore)
    await expectLedgerBalanced(t)
  })

  it('a platform coupon: marketing pays its value into escrow and the shop is settled as without it; the dashboard shows it as support fund', async () => {
    const b = await buyer()
    const held = await claimed(t, b.token, (await platformCoupon(t, admin, { kind: 'instant', thresholdCents: 0, amountCents: 400 })).id)
    const marketingBefore = await marketing()
    const supportBefore = await supportFund()
    const [order] = await paidWithCoupons(t, b, [line(2)], { [merchant.shopId]: held.heldId! })
    expect(await available(b.userId)).toBe(funds - (2 * unitCents + order!.freightCents - 400))
    expect(await marketing()).toBe(marketingBefore - 400)
    expect(await escrow(order!.id)).toBe(2 * unitCents + order!.freightCents)
    expect(await supportFund()).toBe(supportBefore + 400)
    await ship(order!.id)
    await settle(b, order!.id)
    expect((await moved(order!.id))('order_settlement')).toBe(2 * unitCents + order!.freightCents)
    await expectLedgerBalanced(t)
  })

  it('refunds of a platform coupon order before shipping: the buyer gets what they paid for the units, marketing its share; all units refunded return everything and the coupon', async () => {
    const b = await buyer()
    const held = await claimed(t, b.token, (await platformCoupon(t, admin, { kind: 'instant', thresholdCents: 0, amountCents: 1000 })).id)
    const marketingBefore = await marketing()
    const supportBefore = await supportFund()
    const [order] = await paidWithCoupons(t, b, [line(3)], { [merchant.shopId]: held.heldId! })
    const paid = order!.totalCents
    const net = order!.lines[0]!.netPaidCents
    const partly = await refund(b, order!, 1)
    expect(partly.refunds[0]!.amountCents).toBe(Math.floor(net / 3))
    expect(await available(b.userId)).toBe(funds - paid + Math.floor(net / 3))
    expect(await marketing()).toBe(marketingBefore - 1000 + Math.floor(1000 / 3))
    expect(await escrow(order!.id)).toBe(3 * unitCents + order!.freightCents - Math.floor(net / 3) - Math.floor(1000 / 3))
    const all = await refund(b, partly, 2)
    expect(all.status).toBe('refunded')
    expect(await available(b.userId)).toBe(funds)
    expect(await marketing()).toBe(marketingBefore)
    expect(await escrow(order!.id)).toBe(0)
    expect(await supportFund()).toBe(supportBefore)
    const back = (await t.get('/api/coupons/mine?tab=unused', { token: b.token })).body.data as { items: { heldId: number }[] }
    expect(back.items.map((i) => i.heldId)).toContain(held.heldId)
    await expectLedgerBalanced(t)
  })

  it('refunds of a platform coupon order after shipping: the buyer gets only their net paid for the units, marketing its share, the merchant the freight', async () => {
    const b = await buyer()
    const held = await claimed(t, b.token, (await platformCoupon(t, admin, { kind: 'instant', thresholdCents: 0, amountCents: 777 })).id)
    const marketingBefore = await marketing()
    const merchantBefore = await available(merchant.userId)
    const [order] = await paidWithCoupons(t, b, [line(3)], { [merchant.shopId]: held.heldId! })
    await ship(order!.id)
    const purchase = (await moved(order!.id))('purchase_payment')
    expect((await t.post(`/api/orders/${order!.id}/receive`, {}, { token: b.token })).status).toBe(200)
    const partly = await refund(b, order!, 2)
    const all = await refund(b, partly, 1)
    expect(all.status).toBe('refunded')
    // What the buyer paid for the goods came back, the freight did not (it shipped); nothing more.
    expect(await available(b.userId)).toBe(funds - order!.freightCents)
    expect(all.refundedCents).toBe(order!.lines[0]!.netPaidCents)
    expect(await marketing()).toBe(marketingBefore)
    const m = await moved(order!.id)
    expect(m('coupon_return')).toBe(777)
    expect(m('order_settlement')).toBe(order!.freightCents)
    expect(await available(merchant.userId)).toBe(merchantBefore - purchase + order!.freightCents)
    await expectLedgerBalanced(t)
  })

  it('a partial refund after shipping of a shop coupon order: the shop is settled what is left, marketing never moves', async () => {
    const b = await buyer()
    const held = await claimed(
      t,
      b.token,
      (await shopCoupon(t, merchant.token, { kind: 'instant', thresholdCents: 0, amountCents: 500 })).id,
    )
    const marketingBefore = await marketing()
    const [order] = await paidWithCoupons(t, b, [line(4)], { [merchant.shopId]: held.heldId! })
    await ship(order!.id)
    expect((await t.post(`/api/orders/${order!.id}/receive`, {}, { token: b.token })).status).toBe(200)
    const partly = await refund(b, order!, 1)
    const back = partly.refunds[0]!.amountCents
    expect(back).toBe(Math.floor(order!.lines[0]!.netPaidCents / 4))
    expect(await completeOrder(t.db, order!.id, Date.now() + afterSalesMs + dayMs, afterSalesMs)).toBe(true)
    expect((await moved(order!.id))('order_settlement')).toBe(order!.totalCents - back)
    expect(await available(b.userId)).toBe(funds - order!.totalCents + back)
    expect(await marketing()).toBe(marketingBefore)
    await expectLedgerBalanced(t)
  })

  it('an instant reduction larger than the goods leaves the buyer a cent a unit to pay, so every unit has something to refund', async () => {
    const b = await buyer()
    const held = await claimed(
      t,
      b.token,
      (await platformCoupon(t, admin, { kind: 'instant', thresholdCents: 0, amountCents: 9_000_000 })).id,
    )
    const [order] = await paidWithCoupons(t, b, [line(1)], { [merchant.shopId]: held.heldId! })
    expect(order!.couponCents).toBe(unitCents - 1)
    expect(order!.totalCents).toBe(order!.freightCents + 1)
    expect(order!.lines[0]!.netPaidCents).toBe(1)
    expect(await escrow(order!.id)).toBe(unitCents + order!.freightCents)
    const refunded = await refund(b, order!, 1)
    expect(refunded.refunds[0]!.amountCents).toBe(1)
    expect(await available(b.userId)).toBe(funds)
    await expectLedgerBalanced(t)
  })
})
