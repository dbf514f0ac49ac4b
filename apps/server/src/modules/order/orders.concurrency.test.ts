import { hash } from '@node-rs/argon2'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { merchantSession, quickBuyers, skuOfShop } from '../../test/order-helpers.ts'
import { fundedBy, openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { auditBalances, balanceOf, trialBalance } from '../wallet/ledger.ts'
import { runOrderSweeps } from './sweeps.ts'

describe.each(await testDialects())('orders under concurrency on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let pinHash: string
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
    pinHash = await hash('123456')
  })
  afterAll(async () => t?.close())

  it('sells the last 10 units to exactly 10 of 50 buyers ordering at once', async () => {
    const sku = await skuOfShop(t, 'Casa Verde', 3)
    await t.db.kysely
      .updateTable('listing_skus')
      .set({ stock: 10 })
      .where('listing_id', '=', sku.listing_id)
      .where('sku_id', '=', sku.sku_id)
      .execute()
    const buyers = await quickBuyers(t, 50, pinHash)
    const replies = await Promise.all(
      buyers.map((b) =>
        t.post(
          '/api/orders',
          { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }], addressId: b.addressId },
          { token: b.token, ip: freshIp() },
        ),
      ),
    )
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(10)
    expect(replies.filter((r) => r.body.msg === 'Inventory shortage')).toHaveLength(40)
    const stock = await t.db.kysely
      .selectFrom('listing_skus')
      .select('stock')
      .where('listing_id', '=', sku.listing_id)
      .where('sku_id', '=', sku.sku_id)
      .executeTakeFirstOrThrow()
    expect(stock.stock).toBe(0)
    const orders = await t.db.kysely
      .selectFrom('order_lines')
      .select('id')
      .where('listing_id', '=', sku.listing_id)
      .where('sku_id', '=', sku.sku_id)
      .execute()
    expect(orders).toHaveLength(10)
  })

  it("keeps every order's money where its state says after a random mix of orders, payments, cancellations, refunds and completions", async () => {
    const merchant = await merchantSession(t, 'Gadget Harbor')
    const buyers = await quickBuyers(t, 3, pinHash)
    for (const b of buyers) await fundedBy(t, b, admin, 2_000_000)
    const sku = await skuOfShop(t, 'Gadget Harbor', 3)
    await t.db.kysely
      .updateTable('listing_skus')
      .set({ stock: 10_000 })
      .where('listing_id', '=', sku.listing_id)
      .where('sku_id', '=', sku.sku_id)
      .execute()
    const action = fc.record({
      kind: fc.constantFrom('order', 'pay', 'cancel', 'ship', 'receive', 'refund', 'agree', 'sweep'),
      who: fc.nat(2),
      pick: fc.nat(),
      amountCents: fc.integer({ min: 1, max: 50_000 }),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 14 }), async (actions) => {
        for (const a of actions) {
          const buyer = buyers[a.who]!
          const mine = await t.db.kysely
            .selectFrom('orders')
            .select(['id', 'status'])
            .where('user_id', '=', buyer.userId)
            .orderBy('id')
            .execute()
          const pick = (status: string) =>
            mine.filter((o) => o.status === status)[a.pick % Math.max(1, mine.filter((o) => o.status === status).length)]
          const as = { token: buyer.token, ip: freshIp() }
          if (a.kind === 'order')
            await t.post(
              '/api/orders',
              { lines: [{ listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 + (a.pick % 3) }], addressId: buyer.addressId },
              as,
            )
          const unpaid = pick('pending_payment')
          if (a.kind === 'pay' && unpaid) await t.post('/api/orders/pay', { orderIds: [unpaid.id], paymentPassword: '123456' }, as)
          if (a.kind === 'cancel' && unpaid) await t.post(`/api/orders/${unpaid.id}/cancel`, {}, as)
          const toShip = pick('to_ship')
          if (a.kind === 'ship' && toShip)
            await t.post(`/api/shop/orders/${toShip.id}/ship`, { carrier: 'DHL', trackingNo: `T${a.pick}000` }, { token: merchant.token })
          const toReceive = pick('to_receive')
          if (a.kind === 'receive' && toReceive) await t.post(`/api/orders/${toReceive.id}/receive`, {}, as)
          const paid = mine.filter((o) => ['to_ship', 'to_receive', 'to_review'].includes(o.status))[a.pick % Math.max(1, mine.length)]
          if (a.kind === 'refund' && paid) {
            const line = await t.db.kysely.selectFrom('order_lines').select('id').where('order_id', '=', paid.id).executeTakeFirstOrThrow()
            await t.post(`/api/orders/${paid.id}/refunds`, { lineId: line.id, amountCents: a.amountCents, reason: 'property' }, as)
          }
          if (a.kind === 'agree') {
            const open = await t.db.kysely.selectFrom('refunds').select('id').where('status', '=', 'applied').orderBy('id').execute()
            const chosen = open[a.pick % Math.max(1, open.length)]
            if (chosen) await t.post(`/api/shop/refunds/${chosen.id}/agree`, {}, { token: merchant.token })
          }
          if (a.kind === 'sweep') await runOrderSweeps(t.db, Date.now() + 30 * 86_400_000)
        }
        expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)
        expect(await auditBalances(t.db.kysely)).toEqual([])
        const orders = await t.db.kysely.selectFrom('orders').select(['id', 'status', 'total_cents', 'refunded_cents', 'user_id']).execute()
        const escrows = await t.db.kysely.selectFrom('ledger_accounts').select(['id', 'code']).where('kind', '=', 'escrow_order').execute()
        for (const o of orders) {
          const escrow = escrows.find((e) => e.code === `escrow:${o.id}:order`)
          const held = escrow ? await balanceOf(t.db.kysely, { id: escrow.id, isPlatform: false }) : 0
          const expected = ['to_ship', 'to_receive', 'to_review'].includes(o.status) ? Number(o.total_cents) - Number(o.refunded_cents) : 0
          expect({ order: o.id, status: o.status, held }).toEqual({ order: o.id, status: o.status, held: expected })
        }
      }),
      { numRuns: 12 },
    )
  })
})
