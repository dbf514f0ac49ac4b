import { AuditPage } from '@bazaar/contract/admin'
import { AdminOverview, AdminShopPage, CsvImportResult, SkuPricePage } from '@bazaar/contract/merchant-console'
import { MerchantListing } from '@bazaar/contract/merchant-listings'
import { salePriceCents } from '@bazaar/contract/merchant-values'
import { hash } from '@node-rs/argon2'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { listingSku, newMerchant, paidOrderOf } from '../../test/merchant-helpers.ts'
import { creditWallet, quickBuyers } from '../../test/order-helpers.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('the merchant console on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: Awaited<ReturnType<typeof newMerchant>>
  let listing: { id: number; productId: number; skuId: number }
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    merchant = await newMerchant(t, admin, 'console-merchant@example.com', 'Console Shop')
    const listed = await t.post('/api/shop/listings', { productId: 31, stock: 10 }, { token: merchant.token, schema: MerchantListing })
    listing = { id: listed.body.data.id, productId: 31, skuId: listed.body.data.skus[0]!.skuId }
  })
  afterAll(async () => t?.close())

  it('edits a purchase price, prices its listings again and audits it', async () => {
    const page = (await t.get(`/api/admin/catalogue/skus?q=${encodeURIComponent('')}&limit=100`, { headers: admin, schema: SkuPricePage }))
      .body.data
    const sku = page.items.find((s) => s.skuId === listing.skuId)!
    expect(sku.purchasePriceCents).toBe(Math.floor((sku.retailPriceCents * 9 + 5) / 10))
    await t.put(`/api/admin/catalogue/skus/${sku.skuId}/purchase-price`, { purchasePriceCents: 4321 }, { headers: admin })
    expect((await listingSku(t, merchant.shopId, listing.id)).price_cents).toBe(salePriceCents(4321, 1000))
    expect(await t.put('/api/admin/catalogue/skus/999999/purchase-price', { purchasePriceCents: 1 }, { headers: admin })).toMatchObject({
      status: 404,
      body: { msg: 'Product not found' },
    })
    const audit = (await t.get('/api/admin/audit', { headers: admin, schema: AuditPage })).body.data.items
    expect(audit[0]).toMatchObject({ action: 'catalogue.purchase_price', detail: { before: sku.purchasePriceCents, after: 4321 } })
  })

  it('exports purchase prices as CSV and imports them back, naming the lines it refuses', async () => {
    const exported = await t.app.inject({ url: '/api/admin/catalogue/purchase-prices.csv', headers: admin })
    expect(exported.headers['content-type']).toMatch(/^text\/csv/)
    const rows = parse(exported.body, { columns: true }) as { sku_code: string; purchase_price: string }[]
    expect(rows.length).toBeGreaterThan(100)
    const code = (await t.db.kysely.selectFrom('skus').select('code').where('id', '=', listing.skuId).executeTakeFirstOrThrow()).code
    expect(rows.find((r) => r.sku_code === code)?.purchase_price).toBe('43.21')
    const csv = `sku_code,purchase_price\n${code},"12.50"\nNO-SUCH-SKU,1.00\n${rows[1]!.sku_code},abc\n${rows[2]!.sku_code},${rows[2]!.purchase_price}\n`
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/purchase-prices.csv',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: csv,
    })
    const result = CsvImportResult.parse(JSON.parse(imported.body).data)
    expect(result).toEqual({
      updated: 1,
      unchanged: 1,
      errors: [
        { line: 3, code: 'NO-SUCH-SKU', problem: 'unknown_sku' },
        { line: 4, code: rows[1]!.sku_code, problem: 'bad_price' },
      ],
    })
    expect((await listingSku(t, merchant.shopId, listing.id)).price_cents).toBe(salePriceCents(1250, 1000))
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/purchase-prices.csv',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: 'just,some\nthing,"unterminated',
    })
    expect([bad.statusCode, JSON.parse(bad.body).msg]).toEqual([400, 'Invalid CSV'])
  })

  it('locks a shop: its goods leave the shelves and its merchant routes answer Shop is locked', async () => {
    const shops = (await t.get('/api/admin/shops?q=console', { headers: admin, schema: AdminShopPage })).body.data.items
    expect(shops.map((s) => [s.id, s.level, s.creditScore, s.status, s.isDemo])).toEqual([[merchant.shopId, 1, 60, 'active', false]])
    await t.post(`/api/admin/shops/${merchant.shopId}/lock`, { locked: true }, { headers: admin })
    expect(await t.get('/api/shop/dashboard', { token: merchant.token })).toMatchObject({ status: 403, body: { msg: 'Shop is locked' } })
    expect(await t.get('/api/shop/orders', { token: merchant.token })).toMatchObject({ status: 403, body: { msg: 'Shop is locked' } })
    expect((await t.get(`/api/products/${listing.id}`)).body.msg).toBe('Product not found')
    await t.post(`/api/admin/shops/${merchant.shopId}/lock`, { locked: false }, { headers: admin })
    expect((await t.get('/api/shop/dashboard', { token: merchant.token })).status).toBe(200)
    expect((await t.get(`/api/products/${listing.id}`)).status).toBe(200)
  })

  it('gives today’s and 30 days’ turnover, orders, new users and shops, and the queues waiting', async () => {
    const before = (await t.get('/api/admin/overview', { headers: admin, schema: AdminOverview })).body.data
    const [buyer] = await quickBuyers(t, 1, await hash('123456'))
    await creditWallet(t, buyer!.userId, 1_000_000)
    const sku = await listingSku(t, merchant.shopId, listing.id)
    const order = await paidOrderOf(t, buyer!, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 })
    await newMerchant(t, admin, 'second-console@example.com', 'Second Console Shop')
    const after = (await t.get('/api/admin/overview', { headers: admin, schema: AdminOverview })).body.data
    expect(after.today.turnoverCents - before.today.turnoverCents).toBe(order.totalCents)
    expect(after.today.orders - before.today.orders).toBe(1)
    expect(after.today.newUsers - before.today.newUsers).toBe(2)
    expect(after.today.newShops - before.today.newShops).toBe(1)
    expect(after.last30Days.turnoverCents).toBe(after.today.turnoverCents)
    expect(after.days).toHaveLength(30)
    expect(after.queues).toEqual({ applications: 0, bondRequests: 0, recharges: 0, withdrawals: 0 })
  })
})
