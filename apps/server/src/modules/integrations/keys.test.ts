import { ApiKey, ApiKeyUse } from '@bazaar/contract/merchant-api-keys'
import { Order, OrderPage } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256 } from '../../platform/tokens.ts'
import { createTestApp, type TestApp, testAppOn } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { apiKeyOf, keyHeaders } from '../../test/integration-helpers.ts'
import { paidOrderOf } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { itemsOf } from '../../test/replies.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('merchant API keys on %s', (dialect) => {
  let t: TestApp
  let merchant: Awaited<ReturnType<typeof merchantSession>>
  let other: Awaited<ReturnType<typeof merchantSession>>
  let buyer: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    const admin = await operatorHeaders(t, 'keys-ops@example.com')
    await openTronRecharge(t, admin)
    merchant = await merchantSession(t, 'Gadget Harbor')
    other = await merchantSession(t, 'Casa Verde')
    buyer = await shopper(t, admin, 'keys-buyer@example.com', 5_000_000)
  }, 120_000)
  afterAll(async () => t?.close())

  it('shows a new key once, stores only its hash, lists it without the key, and refuses it once revoked', async () => {
    const created = await apiKeyOf(t, merchant.token, ['orders:read'], 'Spreadsheet')
    expect(created.key).toMatch(/^bzk_[A-Za-z0-9_-]{43}$/)
    const stored = await t.db.kysely.selectFrom('merchant_api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(stored.key_hash).toBe(sha256(created.key))
    expect(JSON.stringify(stored)).not.toContain(created.key)
    const listed = await t.get('/api/shop/api-keys', { token: merchant.token, schema: itemsOf(ApiKey) })
    expect(listed.body.data.items[0]).toMatchObject({
      id: created.id,
      name: 'Spreadsheet',
      prefix: created.key.slice(0, 8),
      lastUsedAtMs: null,
    })
    expect(JSON.stringify(listed.body)).not.toContain(created.key)

    await t.get('/api/shop/orders?tab=all', { headers: keyHeaders(created.key), schema: OrderPage })
    const used = await t.get('/api/shop/api-keys', { token: merchant.token, schema: itemsOf(ApiKey) })
    expect(used.body.data.items[0]!.lastUsedAtMs).toBeGreaterThan(Date.now() - 60_000)

    await t.delete(`/api/shop/api-keys/${created.id}`, { token: merchant.token, schema: ApiKey })
    expect(await t.get('/api/shop/orders?tab=all', { headers: keyHeaders(created.key) })).toMatchObject({
      status: 401,
      body: { msg: 'Please log in' },
    })
    expect(await t.delete(`/api/shop/api-keys/${created.id}`, { token: merchant.token })).toMatchObject({
      status: 404,
      body: { msg: 'API key not found' },
    })
  })

  it('acts only within its permissions and its own shop, and audit-logs every write call with its status', async () => {
    const sku = await skuOfShop(t, 'Gadget Harbor', 0)
    const order = await paidOrderOf(t, buyer, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 })
    const reader = await apiKeyOf(t, merchant.token, ['orders:read'])
    const shipper = await apiKeyOf(t, merchant.token, ['orders:read', 'orders:ship'])
    const ship = { carrier: 'DHL', trackingNo: `KEY${order.id}0001` }
    expect(await t.post(`/api/shop/orders/${order.id}/ship`, ship, { headers: keyHeaders(reader.key) })).toMatchObject({
      status: 403,
      body: { msg: 'Not allowed' },
    })
    // Shop B's key does not find shop A's order: the same answer as an order that exists nowhere.
    const otherKey = await apiKeyOf(t, other.token, ['orders:read', 'orders:ship'])
    expect(await t.get(`/api/shop/orders/${order.id}`, { headers: keyHeaders(otherKey.key) })).toMatchObject({
      status: 404,
      body: { msg: 'Order not found' },
    })
    expect(await t.post(`/api/shop/orders/${order.id}/ship`, ship, { headers: keyHeaders(otherKey.key) })).toMatchObject({ status: 404 })
    const shipped = await t.post(`/api/shop/orders/${order.id}/ship`, ship, { headers: keyHeaders(shipper.key), schema: Order })
    expect(shipped.body.data.status).toBe('to_receive')
    // Keys manage nothing of the account: their own page, settings, wallet and buyer routes refuse them.
    for (const [method, url] of [
      ['GET', '/api/shop/api-keys'],
      ['GET', '/api/shop/bond'],
      ['GET', '/api/wallet'],
      ['GET', '/api/orders'],
      ['GET', '/api/me'],
    ] as const)
      expect({ url, status: (await t.request(method, url, undefined, { headers: keyHeaders(shipper.key) })).status }).toEqual({
        url,
        status: 401,
      })
    const uses = await t.get(`/api/shop/api-keys/${shipper.id}/uses`, { token: merchant.token, schema: itemsOf(ApiKeyUse) })
    expect(uses.body.data.items).toEqual([
      expect.objectContaining({ operationId: 'shipOrder', method: 'POST', path: `/api/shop/orders/${order.id}/ship`, statusCode: 200 }),
    ])
    const otherUses = await t.get(`/api/shop/api-keys/${otherKey.id}/uses`, { token: other.token, schema: itemsOf(ApiKeyUse) })
    expect(otherUses.body.data.items.map((u) => u.statusCode)).toEqual([404])
    expect(await t.get(`/api/shop/api-keys/${shipper.id}/uses`, { token: other.token })).toMatchObject({ status: 404 })
  })

  it('refuses a 21st live key of a shop', async () => {
    const live = await t.db.kysely
      .selectFrom('merchant_api_keys')
      .select('id')
      .where('shop_id', '=', other.shopId)
      .where('revoked_at_ms', 'is', null)
      .execute()
    for (let i = live.length; i < 20; i++) await apiKeyOf(t, other.token, ['dashboard:read'], `Key ${i}`)
    expect(await t.post('/api/shop/api-keys', { name: 'One more', permissions: ['dashboard:read'] }, { token: other.token })).toMatchObject(
      {
        status: 409,
        body: { msg: 'Too many API keys' },
      },
    )
  })
})

describe('a key’s calls a minute, across two nodes sharing Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  it('answers 429 once the key made 120 calls this minute, wherever they went', async () => {
    const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: `keys-${Date.now()}:` }
    const a = await createTestApp('sqlite', shared)
    const b = await testAppOn({ db: a.db, dataDir: a.dataDir, drop: async () => {} }, shared)
    try {
      const merchant = await merchantSession(a, 'Gadget Harbor')
      const key = await apiKeyOf(a, merchant.token, ['dashboard:read'])
      const statuses: number[] = []
      for (let i = 0; i < 121; i++) statuses.push((await (i % 2 ? b : a).get('/api/shop/profile', { headers: keyHeaders(key.key) })).status)
      expect(statuses.filter((s) => s === 200).length).toBe(120)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      await b.app.close()
      await a.close()
    }
  })
})
