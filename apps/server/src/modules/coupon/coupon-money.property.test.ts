import { CouponPage } from '@bazaar/contract/coupon'
import { cumulativeShare } from '@bazaar/contract/refund-rules'
import { hash } from '@node-rs/argon2'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { claimed, platformCoupon, shopCoupon } from '../../test/coupon-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { balanceByCode, expectLedgerBalanced, newMerchant } from '../../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { completeOrder } from '../order/lifecycle-service.ts'

const dayMs = 86_400_000

/**
 * A property over random coupon orders, payments, cancellations, shipments, refunds and
 * settlements (fast-check): whatever happens, a buyer's wallet is exactly what they deposited
 * less what they paid plus what was refunded, no order refunds a buyer more than they paid
 * for it (so coupon money never becomes withdrawable cash), marketing gets back at most what
 * it paid into each order, each open escrow holds what its order's state says, and the ledger
 * balances.
 */
describe.each(await testDialects())('coupon money under random orders and refunds on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: Awaited<ReturnType<typeof newMerchant>>
  let skus: { listingId: number; skuId: number }[]
  let buyers: { token: string; userId: number; addressId: number }[]
  const deposit = 3_000_000
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    merchant = await newMerchant(t, admin, 'prop-shop@example.com', 'Prop Shop', 50_000_000)
    for (const productId of [21, 22])
      expect((await t.post('/api/shop/listings', { productId, stock: 10_000 }, { token: merchant.token })).status).toBe(200)
    const rows = await t.db.kysely
      .selectFrom('listing_skus as ls')
      .innerJoin('listings as l', 'l.id', 'ls.listing_id')
      .select(['ls.listing_id', 'ls.sku_id'])
      .where('l.shop_id', '=', merchant.shopId)
      .execute()
    skus = rows.map((r) => ({ listingId: r.listing_id, skuId: r.sku_id }))
    buyers = await quickBuyers(t, 3, await hash('123456'))
    for (const b of buyers) await creditWallet(t, b.userId, deposit)
    const coupons = [
      await platformCoupon(t, admin, { kind: 'instant', thresholdCents: 0, amountCents: 333, stock: 10_000, perBuyerLimit: 10 }),
      await platformCoupon(t, admin, {
        kind: 'full_discount',
        thresholdCents: 1,
        amountCents: 0,
        percentOff: 37,
        stock: 10_000,
        perBuyerLimit: 10,
      }),
      await shopCoupon(t, merchant.token, { kind: 'instant', thresholdCents: 0, amountCents: 1_000_000, stock: 10_000, perBuyerLimit: 10 }),
      await shopCoupon(t, merchant.token, {
        kind: 'full_discount',
        thresholdCents: 1,
        amountCents: 0,
        percentOff: 13,
        stock: 10_000,
        perBuyerLimit: 10,
      }),
    ]
    for (const b of buyers) for (const c of coupons) for (let n = 0; n < 10; n++) await claimed(t, b.token, c.id)
  })
  afterAll(async () => t?.close())

  const moneyBy = async (kind: string, byColumn: 'order_id') => {
    const { rows } = await sql<{ id: number; cents: number | string }>`
      select ${sql.ref(byColumn)} as id, sum(amount_cents) as cents from ledger_transfers where kind = ${kind} group by ${sql.ref(byColumn)}`.execute(
      t.db.kysely,
    )
    return new Map(rows.map((r) => [Number(r.id), Number(r.cents)]))
  }

  it('never refunds a buyer more than they paid, nor gives marketing more than it paid, and keeps every balance where it belongs', async () => {
    const action = fc.record({
      kind: fc.constantFrom('order', 'order', 'pay', 'pay', 'cancel', 'ship', 'receive', 'refund', 'refund', 'settle'),
      who: fc.nat(2),
      pick: fc.nat(),
      quantity: fc.integer({ min: 1, max: 3 }),
      useCoupon: fc.boolean(),
      twoLines: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 16 }), async (actions) => {
        for (const a of actions) {
          const buyer = buyers[a.who]!
          const as = { token: buyer.token, ip: freshIp() }
          const mine = await t.db.kysely
            .selectFrom('orders')
            .select(['id', 'status'])
            .where('user_id', '=', buyer.userId)
            .orderBy('id')
            .execute()
          const pick = (...statuses: string[]) => {
            const list = mine.filter((o) => statuses.includes(o.status))
            return list[a.pick % Math.max(1, list.length)]
          }
          if (a.kind === 'order') {
            const lines = (a.twoLines ? skus : skus.slice(0, 1)).map((s) => ({ ...s, quantity: a.quantity }))
            const unused = (await t.get('/api/coupons/mine?tab=unused&limit=100', { token: buyer.token, schema: CouponPage })).body.data
              .items
            const coupon = a.useCoupon ? unused[a.pick % Math.max(1, unused.length)] : undefined
            const coupons = coupon?.heldId ? { [merchant.shopId]: coupon.heldId } : {}
            expect((await t.post('/api/orders', { lines, addressId: buyer.addressId, coupons }, as)).status).toBe(200)
          }
          const unpaid = pick('pending_payment')
          if (a.kind === 'pay' && unpaid) await t.post('/api/orders/pay', { orderIds: [unpaid.id], paymentPassword: '123456' }, as)
          if (a.kind === 'cancel' && unpaid) await t.post(`/api/orders/${unpaid.id}/cancel`, {}, as)
          const toShip = pick('to_ship')
          if (a.kind === 'ship' && toShip)
            await t.post(
              `/api/shop/orders/${toShip.id}/ship`,
              { carrier: 'DHL', trackingNo: `P${toShip.id}0000` },
              { token: merchant.token },
            )
          const toReceive = pick('to_receive')
          if (a.kind === 'receive' && toReceive) await t.post(`/api/orders/${toReceive.id}/receive`, {}, as)
          const paid = pick('to_ship', 'to_receive', 'to_review')
          if (a.kind === 'refund' && paid) {
            const lines = await t.db.kysely
              .selectFrom('order_lines')
              .select(['id', 'quantity', 'refunded_quantity'])
              .where('order_id', '=', paid.id)
              .execute()
            const line = lines.filter((l) => l.quantity > Number(l.refunded_quantity))[a.pick % lines.length]
            if (line) {
              const quantity = 1 + (a.quantity % (line.quantity - Number(line.refunded_quantity)))
              const applied = await t.post(`/api/orders/${paid.id}/refunds`, { lineId: line.id, quantity, reason: 'property' }, as)
              const open = await t.db.kysely
                .selectFrom('refunds')
                .select('id')
                .where('order_id', '=', paid.id)
                .where('status', '=', 'applied')
                .execute()
              if (applied.status === 200)
                for (const r of open) await t.post(`/api/shop/refunds/${r.id}/agree`, {}, { token: merchant.token })
            }
          }
          const received = pick('to_review')
          if (a.kind === 'settle' && received) await completeOrder(t.db, received.id, Date.now() + 30 * dayMs, 7 * dayMs)
        }

        await expectLedgerBalanced(t)
        const [paidBy, refundedBy, couponIn, couponBack] = await Promise.all([
          moneyBy('order_payment', 'order_id'),
          moneyBy('order_refund', 'order_id'),
          moneyBy('order_coupon', 'order_id'),
          moneyBy('coupon_return', 'order_id'),
        ])
        const orders = await t.db.kysely.selectFrom('orders').selectAll().execute()
        const lines = await t.db.kysely.selectFrom('order_lines').selectAll().execute()
        for (const o of orders) {
          // Marketing got back exactly the coupon shares of the units refunded so far.
          const shares = lines
            .filter((l) => l.order_id === o.id)
            .reduce((s, l) => s + cumulativeShare(Number(l.coupon_share_cents), Number(l.refunded_quantity), l.quantity), 0)
          expect({ order: o.id, back: couponBack.get(o.id) ?? 0 }).toEqual({
            order: o.id,
            back: o.coupon_issuer === 'platform' ? shares : 0,
          })
          expect(refundedBy.get(o.id) ?? 0, `order ${o.id} refunds`).toBeLessThanOrEqual(paidBy.get(o.id) ?? 0)
          expect(couponBack.get(o.id) ?? 0, `order ${o.id} coupon returns`).toBeLessThanOrEqual(couponIn.get(o.id) ?? 0)
          if (o.coupon_issuer !== 'platform') expect(couponIn.get(o.id) ?? 0).toBe(0)
          const open = ['to_ship', 'to_receive', 'to_review'].includes(o.status)
          const platformPart = o.coupon_issuer === 'platform' ? (couponIn.get(o.id) ?? 0) - (couponBack.get(o.id) ?? 0) : 0
          const expected = open ? Number(o.total_cents) - Number(o.refunded_cents) + platformPart : 0
          expect({ order: o.id, held: await balanceByCode(t, `escrow:${o.id}:order`) }).toEqual({ order: o.id, held: expected })
        }
        for (const b of buyers) {
          const theirs = orders.filter((o) => o.user_id === b.userId).map((o) => o.id)
          const paid = theirs.reduce((s, id) => s + (paidBy.get(id) ?? 0), 0)
          const refunded = theirs.reduce((s, id) => s + (refundedBy.get(id) ?? 0), 0)
          const wallet = (await balanceByCode(t, `user:${b.userId}:available`)) + (await balanceByCode(t, `user:${b.userId}:held`))
          expect(wallet).toBe(deposit - paid + refunded)
          expect(wallet).toBeLessThanOrEqual(deposit)
        }
        const marketing = await balanceByCode(t, 'platform:marketing')
        const sum = (m: Map<number, number>) => [...m.values()].reduce((s, v) => s + v, 0)
        expect(marketing).toBe(sum(couponBack) - sum(couponIn))
      }),
      { numRuns: 10 },
    )
  })
})
