import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { seedDatabase } from '../../db/seed/seed.ts'
import { testAppOn } from '../../test/app-harness.ts'
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/databases.ts'
import { placedOrderOf } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { freePort, type NodeProcess, startNode } from '../../test/two-nodes.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { startReceiver } from '../../test/webhook-receiver.ts'

/**
 * Webhooks across crashes (issue 24): a real server process pays orders while its worker
 * delivers their order.paid events, and is killed with SIGKILL three times at random
 * moments (between a payment's commit and its delivery, during sends) and started again.
 * In the end the receiver, which verifies every signature and handles each event id once,
 * has handled exactly one event per order the database shows paid: none lost, none
 * invented for a payment that did not commit.
 */
describe.each(await testDialects())('webhooks under kill -9 on %s', (dialect) => {
  let database: TestDatabase | undefined
  let node: NodeProcess | undefined
  afterAll(async () => {
    await node?.kill()
    await database?.drop()
  })

  it('delivers one event per committed payment, and nothing else', { timeout: 600_000 }, async () => {
    database = await createTestDatabase(dialect)
    await migrateToLatest(database.db)
    const defaults = loadConfig({})
    await seedDatabase(database.db, { catalogueDir: defaults.CATALOGUE_DIR, articlesDir: defaults.ARTICLES_DIR, progress: false })
    const pinSecret = randomBytes(32).toString('hex')
    const settings = { WEBHOOKS_ALLOW_PRIVATE: 'true', PIN_SECRET: pinSecret }
    const receiver = await startReceiver({
      reply: async () => {
        await new Promise((r) => setTimeout(r, Math.random() * 40))
        return 200
      },
    })
    const t = await testAppOn(database, settings)
    const admin = await operatorHeaders(t, 'crash-ops@example.com')
    await openTronRecharge(t, admin)
    const merchant = await merchantSession(t, 'Gadget Harbor')
    const buyer = await shopper(t, admin, 'crash-buyer@example.com', 50_000_000)
    const sku = await skuOfShop(t, 'Gadget Harbor', 0)
    const hook = await t.post('/api/shop/webhooks', { url: receiver.url, events: ['order.paid'] }, { token: merchant.token })
    receiver.secrets.push((hook.body.data as { secret: string }).secret)
    const orders = []
    for (let i = 0; i < 40; i++) orders.push(await placedOrderOf(t, buyer, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }))
    await t.app.close()

    const port = await freePort()
    const env = {
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...settings,
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_FIRST_RETRY_MS: '300',
      WEBHOOK_POLL_MS: '100',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_FACTOR: '100',
    }
    node = await startNode('crash', port, env, 'ignore')
    const killAt = new Set([8, 19, 31])
    let attempted = 0
    for (const order of orders) {
      // Two payments in flight at once, so a kill can land between a commit and its reply or its send.
      const pay = () =>
        fetch(`${node!.url}/api/orders/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: buyer.token },
          body: JSON.stringify({ orderIds: [order.id], paymentPassword: '123456' }),
        }).catch(() => undefined)
      const inFlight = pay()
      attempted++
      if (killAt.has(attempted)) {
        await new Promise((r) => setTimeout(r, Math.random() * 30))
        await node.kill()
        await inFlight
        node = await startNode('crash', port, env, 'ignore')
      } else await inFlight
    }

    const paid = await database.db.kysely.selectFrom('orders').select(['id']).where('paid_at_ms', 'is not', null).execute()
    const paidIds = new Set(paid.map((o) => o.id))
    expect(paidIds.size).toBeGreaterThanOrEqual(30)
    await receiver.until(() => receiver.handled.size >= paidIds.size, 120_000)
    // A moment more: anything invented or doubled would arrive now.
    await new Promise((r) => setTimeout(r, 1500))
    const handledOrderIds = [...receiver.handled.values()].map((r) => r.payload?.data.orderId)
    expect(receiver.received.every((r) => r.verified)).toBe(true)
    expect(new Set(handledOrderIds).size).toBe(handledOrderIds.length)
    expect(new Set(handledOrderIds)).toEqual(paidIds)
    const events = await database.db.kysely.selectFrom('webhook_events').select('event_id').where('type', '=', 'order.paid').execute()
    expect(new Set(events.map((e) => e.event_id))).toEqual(new Set(receiver.handled.keys()))
    await receiver.close()
  })
})
