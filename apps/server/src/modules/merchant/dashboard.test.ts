import { BondRequest } from '@bazaar/contract/bond'
import { ShopSummary } from '@bazaar/contract/catalog'
import { Dashboard } from '@bazaar/contract/merchant-dashboard'
import { Order, type Order as OrderType } from '@bazaar/contract/orders'
import { hash } from '@node-rs/argon2'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { balanceByCode, expectLedgerBalanced, listingSku, newMerchant, paidOrderOf } from '../../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { completeOrder } from '../order/lifecycle-service.ts'

const dayMs = 86_400_000

/**
 * The dashboard's figures are sums over orders and the ledger (ARCHITECTURE.md money flows).
 * This test builds a shop with orders in every state, a refund, a settlement and a bond, then
 * recomputes each figure straight from the transfers, accounts and rows, not through the
 * code under test.
 */
describe.each(await testDialects())('the merchant dashboard on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
  })
  afterAll(async () => t?.close())

  it('shows every figure as the transfers and orders add up, and the ledger stays balanced', async () => {
    const merchant = await newMerchant(t, admin, 'dash@example.com', 'Dash Shop', 5_000_000)
    for (const productId of [21, 22])
      expect((await t.post('/api/shop/listings', { productId, stock: 100 }, { token: merchant.token })).status).toBe(200)
    await t.post('/api/shop/bond/upgrade', { level: 2, signerName: 'Dash', agreed: true }, { token: merchant.token, schema: BondRequest })
    const buyers = await quickBuyers(t, 3, await hash('123456'))
    for (const b of buyers) await creditWallet(t, b.userId, 2_000_000)
    const sku = await listingSku(t, merchant.shopId)
    const line = (quantity: number) => ({ listingId: sku.listing_id, skuId: sku.sku_id, quantity })
    const ship = (id: number, n: number) =>
      t.post(`/api/shop/orders/${id}/ship`, { carrier: 'DHL', trackingNo: `DASH${n}000` }, { token: merchant.token, schema: Order })

    // Settled; shipped and waiting; partly refunded before shipping; wholly refunded; unpaid.
    const settled = await paidOrderOf(t, buyers[0]!, line(2))
    await ship(settled.id, 1)
    await t.post(`/api/orders/${settled.id}/receive`, {}, { token: buyers[0]!.token, schema: Order })
    expect(await completeOrder(t.db, settled.id, Date.now(), 0)).toBe(true)
    const waiting = await paidOrderOf(t, buyers[1]!, line(1))
    await ship(waiting.id, 2)
    const partly = await paidOrderOf(t, buyers[2]!, line(3))
    const refund = async (order: OrderType, quantity: number, buyer: { token: string }) => {
      const applied = await t.post(
        `/api/orders/${order.id}/refunds`,
        { lineId: order.lines[0]!.id, quantity, reason: 'size' },
        { token: buyer.token, schema: Order },
      )
      await t.post(`/api/shop/refunds/${applied.body.data.refunds.at(-1)!.id}/agree`, {}, { token: merchant.token })
    }
    await refund(partly, 1, buyers[2]!)
    const gone = await paidOrderOf(t, buyers[0]!, line(1))
    await refund(gone, 1, buyers[0]!)
    await t.post('/api/orders', { lines: [line(1)], addressId: buyers[1]!.addressId }, { token: buyers[1]!.token })
    for (const ip of ['10.7.0.1', '10.7.0.2', '10.7.0.2']) await t.get(`/api/shops/${merchant.shopId}`, { ip, schema: ShopSummary })

    const d = (await t.get('/api/shop/dashboard', { token: merchant.token, schema: Dashboard })).body.data

    // Recomputed from the ledger and the rows.
    const kinds = async (extra = sql`1 = 1`) => {
      const { rows } = await sql<{ kind: string; cents: number | string }>`
        select kind, sum(amount_cents) as cents from ledger_transfers where shop_id = ${merchant.shopId} and ${extra} group by kind`.execute(
        t.db.kysely,
      )
      return (kind: string) => Number(rows.find((r) => r.kind === kind)?.cents ?? 0)
    }
    const all = await kinds()
    const turnover = all('order_payment') - all('order_refund')
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'status', 'paid_at_ms'])
      .where('shop_id', '=', merchant.shopId)
      .execute()
    let escrow = 0
    for (const o of orders.filter((o) => ['to_ship', 'to_receive', 'to_review'].includes(o.status)))
      escrow += await balanceByCode(t, `escrow:${o.id}:order`)
    const withdrawable = await balanceByCode(t, `user:${merchant.userId}:available`)
    const bond = await balanceByCode(t, `shop:${merchant.shopId}:bond`)
    let profit = 0
    for (const o of orders.filter((o) => ['completed', 'refunded'].includes(o.status))) {
      const money = await kinds(sql`order_id = ${o.id}`)
      profit += money('order_settlement') - money('purchase_payment') + money('purchase_return')
    }
    const onSale = await t.db.kysely
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', merchant.shopId)
      .where('status', '=', 'on_sale')
      .executeTakeFirstOrThrow()

    expect(turnover).toBe(settled.totalCents + waiting.totalCents + partly.totalCents - partly.lines[0]!.unitPriceCents)
    expect(escrow).toBeGreaterThan(0)
    expect(profit).toBe(settled.totalCents - 2 * (await purchaseUnit(t, settled.id)))
    expect(d).toMatchObject({
      goodsOnSale: Number(onSale.n),
      visitorsToday: 2,
      visitorsTotal: 2,
      orders: orders.filter((o) => o.paid_at_ms !== null).length,
      ordersToday: 4,
      turnoverCents: turnover,
      pendingOrders: orders.filter((o) => o.status === 'to_ship').length,
      pendingSettlementCents: escrow,
      withdrawableCents: withdrawable,
      bondCents: bond,
      supportFundCents: all('order_coupon') - all('coupon_return'),
      totalOperatingFundsCents: withdrawable + escrow + bond,
      todayProfitCents: profit,
      totalProfitCents: profit,
    })
    expect(d.days).toHaveLength(30)
    const today = d.days.at(-1)!
    expect(today).toMatchObject({
      dayStartMs: Math.floor(Date.now() / dayMs) * dayMs,
      turnoverCents: turnover,
      orders: 4,
      profitCents: profit,
      visitors: 2,
    })
    expect(d.days.slice(0, -1).every((day) => day.turnoverCents === 0 && day.orders === 0)).toBe(true)
    await expectLedgerBalanced(t)
  })

  it('keeps its daily rollups equal to the transfers and orders they sum, for every shop and day', async () => {
    // Everything the suite did so far (orders in every state, refunds, settlement, bond) is in the rollups.
    const k = t.db.kysely
    const { rows: transfers } = await sql<{ shop_id: number; day: number | string; kind: string; cents: number | string }>`
      select shop_id, cast(created_at_ms / ${sql.lit(dayMs)} as integer) as day, kind, sum(amount_cents) as cents
      from ledger_transfers where shop_id is not null group by shop_id, cast(created_at_ms / ${sql.lit(dayMs)} as integer), kind`.execute(k)
    const ledgerDays = await k.selectFrom('shop_ledger_days').selectAll().execute()
    const line = (shop: number, day: number | string, kind: string, cents: number | string) => `${shop}/${day}/${kind}=${Number(cents)}`
    expect(transfers.length).toBeGreaterThanOrEqual(5)
    expect(ledgerDays.map((r) => line(r.shop_id, r.day, r.kind, r.amount_cents)).sort()).toEqual(
      transfers.map((r) => line(r.shop_id, r.day, r.kind, r.cents)).sort(),
    )

    const orders = await k.selectFrom('orders').select(['shop_id', 'paid_at_ms', 'completed_at_ms', 'profit_cents']).execute()
    const expected = new Map<string, { paid: number; profit: number }>()
    const at = (shopId: number, ms: number) => {
      const key = `${shopId}/${Math.floor(ms / dayMs)}`
      const sums = expected.get(key) ?? { paid: 0, profit: 0 }
      expected.set(key, sums)
      return sums
    }
    for (const o of orders) {
      if (o.paid_at_ms !== null) at(o.shop_id, Number(o.paid_at_ms)).paid += 1
      if (o.profit_cents !== null && o.completed_at_ms !== null) at(o.shop_id, Number(o.completed_at_ms)).profit += Number(o.profit_cents)
    }
    const orderDays = await k.selectFrom('shop_order_days').selectAll().execute()
    const shown = (key: string, s: { paid: number; profit: number }) => `${key} paid ${s.paid} profit ${s.profit}`
    expect(expected.size).toBeGreaterThan(0)
    expect(
      orderDays
        .filter((r) => Number(r.paid_orders) !== 0 || Number(r.profit_cents) !== 0)
        .map((r) => shown(`${r.shop_id}/${r.day}`, { paid: Number(r.paid_orders), profit: Number(r.profit_cents) }))
        .sort(),
    ).toEqual(
      [...expected]
        .filter(([, s]) => s.paid !== 0 || s.profit !== 0)
        .map(([key, s]) => shown(key, s))
        .sort(),
    )
  })
})

async function purchaseUnit(t: TestApp, orderId: number): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('order_lines')
    .select('purchase_unit_price_cents')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  return Number(row.purchase_unit_price_cents)
}
