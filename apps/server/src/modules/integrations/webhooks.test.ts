import { DeliveryPage, EndpointWithSecret, WebhookEndpoint } from '@bazaar/contract/webhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer } from '../../platform/mail.ts'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { paidOrderOf, placedOrderOf } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { readOutbox } from '../../test/outbox.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { startReceiver } from '../../test/webhook-receiver.ts'
import { deliveryAgents, sendEvent } from './delivery.ts'
import { startWebhookWorker, type WebhookWorker } from './delivery-worker.ts'

const quiet = { error: () => {}, warn: () => {}, info: () => {} }

describe.each(await testDialects())('webhooks on %s', (dialect) => {
  let t: TestApp
  let merchant: Awaited<ReturnType<typeof merchantSession>>
  let buyer: Awaited<ReturnType<typeof shopper>>
  let line: { listingId: number; skuId: number; quantity: number }
  const workers: WebhookWorker[] = []
  /** A worker as each node runs one, with short waits so retries happen within a test. */
  const worker = (timeoutMs = 3000) => {
    const w = startWebhookWorker(t.db, {
      allowPrivate: true,
      timeoutMs,
      firstRetryMs: 100,
      pollMs: 50,
      log: quiet,
      mailer: createMailer({ smtpUrl: undefined, outboxDir: `${t.dataDir}/outbox`, from: 'test@bazaar.localhost' }),
    })
    workers.push(w)
    return w
  }
  const endpoint = async (url: string, events: string[]) =>
    (await t.post('/api/shop/webhooks', { url, events }, { token: merchant.token, schema: EndpointWithSecret })).body.data
  const log = async (endpointId: number) =>
    (await t.get(`/api/shop/webhooks/${endpointId}/deliveries`, { token: merchant.token, schema: DeliveryPage })).body.data.items
  /** The log once no delivery is pending: the worker writes a batch's outcomes after the receiver has answered them all. */
  const settledLog = async (endpointId: number) => {
    const deadline = Date.now() + 10_000
    let entries = await log(endpointId)
    while (entries.some((d) => d.status === 'pending') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
      entries = await log(endpointId)
    }
    return entries
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' })
    const admin = await operatorHeaders(t, 'hooks-ops@example.com')
    await openTronRecharge(t, admin)
    merchant = await merchantSession(t, 'Gadget Harbor')
    buyer = await shopper(t, admin, 'hooks-buyer@example.com', 50_000_000)
    const sku = await skuOfShop(t, 'Gadget Harbor', 0)
    line = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }
  }, 120_000)
  afterAll(async () => {
    for (const w of workers) await w.stop()
    await t?.close()
  })

  it('delivers a paid order signed, once, and shows it delivered in the log; a payment that fails sends nothing', async () => {
    const receiver = await startReceiver()
    try {
      const hook = await endpoint(receiver.url, ['order.paid', 'order.cancelled'])
      expect(hook.secret).toMatch(/^whsec_/)
      receiver.secrets.push(hook.secret)
      worker()
      const order = await paidOrderOf(t, buyer, line)
      // Refused for a wrong payment password: rolled back, so no event.
      const unpaid = await placedOrderOf(t, buyer, line)
      expect(
        (await t.post('/api/orders/pay', { orderIds: [unpaid.id], paymentPassword: '000000' }, { token: buyer.token, ip: freshIp() }))
          .status,
      ).toBe(400)
      await t.post(`/api/orders/${unpaid.id}/cancel`, {}, { token: buyer.token })
      await receiver.until(() => receiver.handled.size >= 2)
      const entries = await settledLog(hook.id)
      const events = [...receiver.handled.values()].map((r) => r.payload)
      expect(events).toEqual([
        expect.objectContaining({
          type: 'order.paid',
          data: expect.objectContaining({ orderId: order.id, orderNo: order.orderNo, shopId: merchant.shopId }),
        }),
        expect.objectContaining({ type: 'order.cancelled', data: expect.objectContaining({ orderId: unpaid.id }) }),
      ])
      expect(receiver.received.every((r) => r.verified)).toBe(true)
      expect(receiver.received).toHaveLength(2)
      expect(entries.map((d) => [d.type, d.status, d.attempts, d.lastStatusCode])).toEqual([
        ['order.cancelled', 'delivered', 1, 200],
        ['order.paid', 'delivered', 1, 200],
      ])
      // Resent: the same event id again, which the receiver handles once.
      await t.post(`/api/shop/webhook-deliveries/${entries[1]!.id}/resend`, {}, { token: merchant.token })
      await receiver.until(() => receiver.received.length === 3)
      expect(receiver.received[2]!.id).toBe(receiver.received[0]!.id)
      expect(receiver.handled.size).toBe(2)
      await t.delete(`/api/shop/webhooks/${hook.id}`, { token: merchant.token })
    } finally {
      await receiver.close()
    }
  })

  it('retries with growing waits after a 500 and after a timeout, then delivers', async () => {
    const receiver = await startReceiver({ reply: (n) => (n === 0 ? 500 : n === 1 ? 'hang' : 200) })
    try {
      const hook = await endpoint(receiver.url, ['order.paid'])
      receiver.secrets.push(hook.secret)
      worker(400)
      await paidOrderOf(t, buyer, line)
      await receiver.until(() => receiver.handled.size === 1)
      const [first, second, third] = receiver.received
      expect(receiver.received).toHaveLength(3)
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1)
      // 100 ms after the 500; 4× that after the timeout (which itself took 400 ms).
      expect(second!.atMs - first!.atMs).toBeGreaterThanOrEqual(100)
      expect(third!.atMs - second!.atMs).toBeGreaterThanOrEqual(400 + 400)
      const [entry] = await settledLog(hook.id)
      expect(entry).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 })
      await t.delete(`/api/shop/webhooks/${hook.id}`, { token: merchant.token })
    } finally {
      await receiver.close()
    }
  })

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const receiver = await startReceiver()
    try {
      const hook = await endpoint(receiver.url, ['order.paid'])
      const rotated = (await t.post(`/api/shop/webhooks/${hook.id}/secret`, {}, { token: merchant.token, schema: EndpointWithSecret })).body
        .data
      expect(rotated.secret).not.toBe(hook.secret)
      receiver.secrets.push(hook.secret)
      worker()
      await paidOrderOf(t, buyer, line)
      await receiver.until(() => receiver.handled.size === 1)
      const signatures = String(receiver.received[0]!.headers['webhook-signature']).split(' ')
      expect(signatures).toHaveLength(2)
      receiver.secrets.splice(0, 1, rotated.secret)
      await t.delete(`/api/shop/webhooks/${hook.id}`, { token: merchant.token })
    } finally {
      await receiver.close()
    }
  })

  it('disables an endpoint that has failed for 3 days and tells its merchant by mail', async () => {
    const receiver = await startReceiver({ reply: () => 503 })
    try {
      const hook = await endpoint(receiver.url, ['order.paid'])
      await t.db.kysely
        .updateTable('webhook_endpoints')
        .set({ failing_since_ms: Date.now() - 72 * 3_600_000 - 1000 })
        .where('id', '=', hook.id)
        .execute()
      worker()
      await paidOrderOf(t, buyer, line)
      await receiver.until(() => receiver.received.length >= 1)
      const listed = async () =>
        (
          await t.get('/api/shop/webhooks', {
            token: merchant.token,
            schema: (await import('../../test/replies.ts')).itemsOf(WebhookEndpoint),
          })
        ).body.data.items.find((e) => e.id === hook.id)
      const deadline = Date.now() + 5000
      while ((await listed())?.status !== 'disabled' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect(await listed()).toMatchObject({ status: 'disabled' })
      const { email } = await t.db.kysely.selectFrom('users').select('email').where('id', '=', merchant.userId).executeTakeFirstOrThrow()
      const noticed = async () =>
        (await readOutbox(t.dataDir)).some(
          (m) => m.to?.some((to) => to.address === email) && m.subject?.includes('webhook endpoint of your Bazaar shop was turned off'),
        )
      while (!(await noticed()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect(await noticed()).toBe(true)
      // Turned on again, it starts a new streak.
      await t.put(
        `/api/shop/webhooks/${hook.id}`,
        { events: ['order.paid'], enabled: true },
        { token: merchant.token, schema: WebhookEndpoint },
      )
      await t.delete(`/api/shop/webhooks/${hook.id}`, { token: merchant.token })
    } finally {
      await receiver.close()
    }
  })

  it('tells when an order takes the last unit of a listing SKU (listing.out_of_stock), once', async () => {
    const receiver = await startReceiver()
    try {
      const hook = await endpoint(receiver.url, ['listing.out_of_stock'])
      receiver.secrets.push(hook.secret)
      worker()
      const sku = await skuOfShop(t, 'Gadget Harbor', 1)
      await t.db.kysely
        .updateTable('listing_skus')
        .set({ stock: 2 })
        .where('listing_id', '=', sku.listing_id)
        .where('sku_id', '=', sku.sku_id)
        .execute()
      const last = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }
      await placedOrderOf(t, buyer, last)
      await placedOrderOf(t, buyer, last)
      await receiver.until(() => receiver.handled.size === 1)
      expect([...receiver.handled.values()][0]!.payload).toMatchObject({
        type: 'listing.out_of_stock',
        data: { shopId: merchant.shopId, listingId: sku.listing_id, skuId: sku.sku_id },
      })
      await new Promise((r) => setTimeout(r, 300))
      expect(receiver.received).toHaveLength(1)
      await t.delete(`/api/shop/webhooks/${hook.id}`, { token: merchant.token })
    } finally {
      await receiver.close()
    }
  })

  it('claims each delivery once when two nodes’ workers run at the same time', async () => {
    const receiver = await startReceiver()
    try {
      const hook = await endpoint(receiver.url, ['order.paid'])
      receiver.secrets.push(hook.secret)
      const orders = []
      for (let i = 0; i < 12; i++) orders.push(await placedOrderOf(t, buyer, line))
      for (const w of workers.splice(0)) await w.stop()
      const payAll = t.post(
        '/api/orders/pay',
        { orderIds: orders.map((o) => o.id), paymentPassword: '123456' },
        { token: buyer.token, ip: freshIp() },
      )
      expect((await payAll).status).toBe(200)
      const [a, b] = [worker(), worker()]
      await Promise.all([a.pass(), b.pass(), a.pass(), b.pass()])
      await receiver.until(() => receiver.handled.size === 12)
      expect(receiver.received).toHaveLength(12)
      await t.delete(`/api/shop/webhooks/${hook.id}`, { token: merchant.token })
    } finally {
      await receiver.close()
    }
  })
})

describe('endpoints on private addresses', () => {
  let t: TestApp
  let merchant: Awaited<ReturnType<typeof merchantSession>>
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    merchant = await merchantSession(t, 'Gadget Harbor')
  }, 120_000)
  afterAll(async () => t?.close())

  it('refuses loopback, link-local metadata, RFC 1918, IPv6 loopback, names resolving to them, and plain http', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.8/hook',
      'https://192.168.1.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost/hook',
      'http://example.com/hook',
      'https://user:pass@example.com/hook',
      'not a url',
    ])
      expect({ url, ...(await t.post('/api/shop/webhooks', { url, events: ['order.paid'] }, { token: merchant.token })) }).toMatchObject({
        url,
        status: 400,
        body: { msg: 'Webhook URL not allowed' },
      })
    expect(await t.db.kysely.selectFrom('webhook_endpoints').select('id').execute()).toEqual([])
  })

  it('refuses, at connection time, an address that turns private after the check (the sender connects to the address it checked)', async () => {
    const receiver = await startReceiver()
    try {
      const agents = deliveryAgents(false)
      // localhost resolves to 127.0.0.1 (as a rebound name would): refused before any byte is sent.
      for (const host of [`localhost:${receiver.port}`, `127.0.0.1:${receiver.port}`]) {
        const result = await sendEvent(
          {
            url: `http://${host}/hook`,
            secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
            previousSecret: null,
            eventId: 'msg_x',
            payload: '{}',
          },
          { timeoutMs: 2000, agents },
        )
        expect(result.statusCode).toBeNull()
        expect(result.error).toMatch(/not allowed/)
      }
      expect(receiver.received).toHaveLength(0)
      agents.http.destroy()
    } finally {
      await receiver.close()
    }
  })
})
