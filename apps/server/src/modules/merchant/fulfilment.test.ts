import { MoneyTimeline, SettlementPage } from '@bazaar/contract/merchant-dashboard'
import type { Order as OrderType } from '@bazaar/contract/orders'
import { Order } from '@bazaar/contract/orders'
import { shipByRefundReason } from '@bazaar/contract/orders-values'
import { RecordPage, WalletSummary } from '@bazaar/contract/wallet'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database.ts'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { balanceByCode, expectLedgerBalanced, listingSku, newMerchant, paidOrderOf, shipAndReceive } from '../../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'
import { orderSettings } from '../order/rules-service.ts'
import { runOrderSweeps } from '../order/sweeps.ts'

const dayMs = 86_400_000

/**
 * Fulfilment and settlement (ARCHITECTURE.md money flows): shipping pays the purchase price
 * from the merchant's wallet in the same transaction; a paid order not shipped in time is
 * refunded; settlement moves the escrow to the merchant's withdrawable balance.
 */
describe.each(await testDialects())('fulfilment and settlement on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let pinHash: string
  let merchant: Awaited<ReturnType<typeof newMerchant>>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    pinHash = await hash('123456')
    merchant = await newMerchant(t, admin, 'fulfil@example.com', 'Fulfil Shop')
    // Good credit, so goods above 100 dollars may be listed too.
    await t.post(`/api/admin/shops/${merchant.shopId}/credit`, { creditScore: 90 }, { headers: admin })
    for (const productId of [1, 2, 3])
      expect((await t.post('/api/shop/listings', { productId, stock: 1000 }, { token: merchant.token })).status).toBe(200)
  })
  afterAll(async () => t?.close())

  /** A funded buyer with an address. */
  async function buyer(fundsCents = 5_000_000) {
    const [b] = await quickBuyers(t, 1, pinHash)
    await creditWallet(t, b!.userId, fundsCents)
    return b!
  }
  const purchaseOf = async (orderId: number) => {
    const lines = await t.db.kysely
      .selectFrom('order_lines')
      .select(['purchase_unit_price_cents', 'quantity'])
      .where('order_id', '=', orderId)
      .execute()
    return lines.reduce((s, l) => s + Number(l.purchase_unit_price_cents) * l.quantity, 0)
  }
  const walletOf = async (token: string) => (await t.get('/api/wallet', { token, schema: WalletSummary })).body.data

  it('snapshots the purchase price, and shipping pays it from the merchant’s wallet to the platform in the same transaction', async () => {
    const sku = await listingSku(t, merchant.shopId)
    const order = await paidOrderOf(t, await buyer(), { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 })
    const purchase = await purchaseOf(order.id)
    const catalogue = await t.db.kysely
      .selectFrom('skus')
      .select('purchase_price_cents')
      .where('id', '=', sku.sku_id)
      .executeTakeFirstOrThrow()
    expect(purchase).toBe(2 * Number(catalogue.purchase_price_cents))

    // Without the money, nothing ships and nothing moves.
    const ship = () => t.post(`/api/shop/orders/${order.id}/ship`, { carrier: 'DHL', trackingNo: 'JD01234' }, { token: merchant.token })
    expect(await ship()).toMatchObject({ status: 409, body: { msg: 'Insufficient balance' } })
    expect((await t.get(`/api/shop/orders/${order.id}`, { token: merchant.token, schema: Order })).body.data.status).toBe('to_ship')
    await creditWallet(t, merchant.userId, purchase)
    const platformBefore = await balanceByCode(t, 'platform:purchase')
    const shipped = await ship()
    expect(shipped.status).toBe(200)
    expect((await walletOf(merchant.token)).withdrawableCents).toBe(0)
    expect(await balanceByCode(t, 'platform:purchase')).toBe(platformBefore + purchase)
    const records = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount_cents', 'shop_id'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'purchase_payment')
      .execute()
    expect(records.map((r) => [Number(r.amount_cents), r.shop_id])).toEqual([[purchase, merchant.shopId]])
    // The merchant's wallet records name it as SPEC §3's shipping deduction, with the order's number.
    const listed = await t.get('/api/wallet/records', { token: merchant.token, schema: RecordPage })
    expect(listed.body.data.items.find((r) => r.kind === 'purchase_payment')).toMatchObject({
      type: 'shipping_deduction',
      amountCents: -purchase,
      orderNo: order.orderNo,
    })
    const filtered = await t.get('/api/wallet/records?type=shipping_deduction', { token: merchant.token, schema: RecordPage })
    expect(filtered.body.data.items.map((r) => [r.kind, r.orderNo])).toEqual([['purchase_payment', order.orderNo]])
    await expectLedgerBalanced(t)
  })

  it('ships and pays the purchase exactly once when 100 ship requests arrive at once', async () => {
    const sku = await listingSku(t, merchant.shopId)
    const order = await paidOrderOf(t, await buyer(), { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 })
    const purchase = await purchaseOf(order.id)
    await creditWallet(t, merchant.userId, purchase * 100)
    const before = (await walletOf(merchant.token)).withdrawableCents
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        t.post(
          `/api/shop/orders/${order.id}/ship`,
          { carrier: 'DHL', trackingNo: `RACE${n}000` },
          { token: merchant.token, ip: freshIp() },
        ),
      ),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.body.msg === 'Order status does not allow this')).toHaveLength(99)
    const payments = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'purchase_payment')
      .execute()
    expect(payments).toHaveLength(1)
    expect((await walletOf(merchant.token)).withdrawableCents).toBe(before - purchase)
    await expectLedgerBalanced(t)
  })

  it('refunds in full a paid order not shipped by the ship-by time, once under 100 concurrent sweeps', async () => {
    const sku = await listingSku(t, merchant.shopId)
    const b = await buyer()
    const before = (await walletOf(b.token)).availableCents
    const order = await paidOrderOf(t, b, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 3 })
    const stockBefore = (await listingSku(t, merchant.shopId, sku.listing_id)).stock
    const creditBefore = (
      await t.db.kysely.selectFrom('shops').select('credit_score').where('id', '=', merchant.shopId).executeTakeFirstOrThrow()
    ).credit_score
    const shipByMs = (await orderSettings(t.db.kysely)).ship_by_ms
    expect(shipByMs).toBe(3 * dayMs)
    // Before the time, nothing happens.
    expect((await runOrderSweeps(t.db, Date.now() + shipByMs - 60_000)).shipTimedOut).toBe(0)
    const later = Date.now() + shipByMs + 60_000
    const errors: unknown[] = []
    const passes = await Promise.all(Array.from({ length: 100 }, () => runOrderSweeps(t.db, later, { error: (e) => errors.push(e) })))
    expect(errors).toEqual([])
    expect(passes.reduce((n, p) => n + p.shipTimedOut, 0)).toBe(1)
    const refunded = (await t.get(`/api/orders/${order.id}`, { token: b.token, schema: Order })).body.data
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: order.totalCents })
    expect(refunded.refunds.map((r) => [r.reason, r.status, r.quantity])).toEqual([[shipByRefundReason, 'succeeded', 3]])
    expect((await walletOf(b.token)).availableCents).toBe(before)
    expect((await listingSku(t, merchant.shopId, sku.listing_id)).stock).toBe(stockBefore + 3)
    const credit = (
      await t.db.kysely.selectFrom('shops').select('credit_score').where('id', '=', merchant.shopId).executeTakeFirstOrThrow()
    ).credit_score
    expect(credit).toBe(creditBefore - 2)
    expect(
      await t.post(`/api/shop/orders/${order.id}/ship`, { carrier: 'DHL', trackingNo: 'LATE0001' }, { token: merchant.token }),
    ).toMatchObject({
      body: { msg: 'Order status does not allow this' },
    })
    expect(await balanceByCode(t, `escrow:${order.id}:order`)).toBe(0)
    await expectLedgerBalanced(t)
  })

  it('settles to the merchant’s withdrawable balance after the after-sales window, once across two app instances sweeping at once', async () => {
    const sku = await listingSku(t, merchant.shopId)
    const b = await buyer()
    const orders: OrderType[] = []
    for (let n = 0; n < 3; n++) orders.push(await paidOrderOf(t, b, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }))
    const purchase = await purchaseOf(orders[0]!.id)
    await creditWallet(t, merchant.userId, purchase * 3)
    for (const [n, o] of orders.entries()) {
      await shipAndReceive(t, o.id, { merchant: merchant.token, buyer: b.token }, `SET${n}0000`)
    }
    // The pending-settlement list shows each: paid by the user, by the merchant, and the profit.
    const pending = (await t.get('/api/shop/settlements', { token: merchant.token, schema: SettlementPage })).body.data.items
    const row = pending.find((p) => p.orderId === orders[0]!.id)!
    expect(row).toMatchObject({
      paidByUserCents: orders[0]!.totalCents,
      paidByMerchantCents: purchase,
      profitCents: orders[0]!.totalCents - purchase,
    })
    expect(row.settlesAfterMs).toBeGreaterThan(Date.now())

    const before = (await walletOf(merchant.token)).withdrawableCents
    // The settlement sweep on two app instances (two connection pools) at once, 50 passes
    // each, on PostgreSQL, where several nodes run; SQLite serves one node (ARCHITECTURE.md),
    // so there the 100 passes share one instance.
    const second = dialect === 'postgres' ? openDatabase({ databaseUrl: await urlOf(t), dataDir: t.dataDir, poolSize: 5 }) : t.db
    try {
      const later = Date.now() + 8 * dayMs
      const passes = await Promise.all(Array.from({ length: 100 }, (_, n) => runOrderSweeps(n % 2 === 0 ? t.db : second, later)))
      expect(passes.reduce((sum, p) => sum + p.completed, 0)).toBe(3)
    } finally {
      if (second !== t.db) await second.close()
    }
    const settlements = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['order_id', 'amount_cents'])
      .where('kind', '=', 'order_settlement')
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute()
    expect(settlements).toHaveLength(3)
    const settled = settlements.reduce((s, r) => s + Number(r.amount_cents), 0)
    expect(settled).toBe(orders.reduce((s, o) => s + o.totalCents, 0))
    expect((await walletOf(merchant.token)).withdrawableCents).toBe(before + settled)
    expect(await balanceByCode(t, `shop:${merchant.shopId}:pending`)).toBe(0)

    const timeline = (await t.get(`/api/shop/orders/${orders[0]!.id}/money`, { token: merchant.token, schema: MoneyTimeline })).body.data
    expect(timeline.events.map((e) => e.kind)).toEqual(['paid', 'purchase_paid', 'shipped', 'received', 'settled', 'after_sales_closes'])
    expect(timeline.events.find((e) => e.kind === 'settled')!.amountCents).toBe(orders[0]!.totalCents)
    expect(timeline.events.find((e) => e.kind === 'purchase_paid')!.amountCents).toBe(purchase)
    const profit = await t.db.kysely.selectFrom('orders').select('profit_cents').where('id', '=', orders[0]!.id).executeTakeFirstOrThrow()
    expect(Number(profit.profit_cents)).toBe(orders[0]!.totalCents - purchase)
    expect((await t.get(`/api/shop/orders/${orders[0]!.id}/money`, { token: (await buyer()).token })).status).toBe(403)
    await expectLedgerBalanced(t)
  })

  it('refuses checkout to a country the shop does not deliver to with no_order', async () => {
    const shop = (await t.get('/api/shop/profile', { token: merchant.token })).body.data as {
      name: string
      bio: string
      freightCents: number
    }
    await t.put(
      '/api/shop/settings',
      { name: shop.name, bio: shop.bio, logoUploadId: null, freightCents: 500, shipCountries: ['FR', 'IT'] },
      { token: merchant.token },
    )
    const sku = await listingSku(t, merchant.shopId)
    const b = await buyer()
    const line = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }
    expect(await t.post('/api/orders', { lines: [line], addressId: b.addressId }, { token: b.token })).toMatchObject({
      status: 400,
      body: { msg: 'no_order' },
    })
    await t.put(
      '/api/shop/settings',
      { name: shop.name, bio: shop.bio, logoUploadId: null, freightCents: 500, shipCountries: ['DE'] },
      { token: merchant.token },
    )
    const order = await paidOrderOf(t, b, line)
    expect(order.freightCents).toBe(500)
  })
})

/** The PostgreSQL URL of a test app's database (a second pool on it is a second app instance). */
async function urlOf(t: TestApp): Promise<string> {
  const { rows } = await (await import('kysely')).sql<{ name: string }>`select current_database() as name`.execute(t.db.kysely)
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  url.pathname = `/${rows[0]!.name}`
  return url.toString()
}
