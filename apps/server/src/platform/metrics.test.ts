import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOrderSweeper } from '../modules/order/sweeps.ts'
import { trialBalance } from '../modules/wallet/service.ts'
import { createTestApp, freshIp, type TestApp } from '../test/app-harness.ts'
import { createTestDatabase, testDialects } from '../test/databases.ts'
import { placedOrderOf } from '../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../test/order-helpers.ts'
import { parsePrometheus, type Sample, sampleValue } from '../test/prometheus.ts'
import { readReply } from '../test/replies.ts'
import { openSocket } from '../test/socket-client.ts'
import { openTronRecharge, operatorHeaders } from '../test/wallet-helpers.ts'

/**
 * `/metrics` (issue 16, Operations; README, Operations): Prometheus' text format, only from
 * loopback or with an operator token; request counts and latency per route pattern, errors
 * by status and key, the database pool's waits, sweep passes and failures, websocket
 * connections, and the trial balance, which must read 0. SQLite and PostgreSQL.
 */
describe.each(await testDialects())('metrics on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_FACTOR: '10' })
    admin = await operatorHeaders(t, 'metrics-ops@example.com')
    await openTronRecharge(t, admin)
  }, 60_000)
  afterAll(async () => t?.close())

  /** Scrapes /metrics from loopback (the harness's default address). */
  const scrape = async (): Promise<Sample[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return parsePrometheus(res.body)
  }
  const requests = (samples: Sample[], labels: Record<string, string>) => sampleValue(samples, 'bazaar_http_requests_total', labels) ?? 0

  it('counts requests and latency per route pattern (never the raw URL) and errors by status and key', async () => {
    const buyer = await shopper(t, admin, 'metrics-buyer@example.com', 0)
    const before = await scrape()
    for (const id of [987_001, 987_002, 987_003]) expect((await t.get(`/api/orders/${id}`, { token: buyer.token })).status).toBe(404)
    expect((await t.get('/healthz')).status).toBe(200)
    expect((await t.get('/no/such/page')).status).toBe(404)
    const after = await scrape()

    const route = { method: 'GET', route: '/api/orders/:id', status: '404' }
    expect(requests(after, route) - requests(before, route)).toBe(3)
    expect(requests(after, { route: '/healthz', status: '200' }) - requests(before, { route: '/healthz', status: '200' })).toBe(1)
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('987001') || v.includes('/no/such')))).toBe(false)
    const errorsOf = (samples: Sample[], labels: Record<string, string>) => sampleValue(samples, 'bazaar_http_errors_total', labels) ?? 0
    const notFound = { route: '/api/orders/:id', status: '404', key: 'Order not found' }
    expect(errorsOf(after, notFound) - errorsOf(before, notFound)).toBe(3)
    const unmatched = { route: '(unmatched)', status: '404', key: 'Route not found' }
    expect(errorsOf(after, unmatched) - errorsOf(before, unmatched)).toBe(1)
    // Latency: one observation per request, each within the histogram's buckets.
    const count = (s: Sample[]) =>
      sampleValue(s, 'bazaar_http_request_duration_seconds_count', { method: 'GET', route: '/api/orders/:id' }) ?? 0
    expect(count(after) - count(before)).toBe(3)
    expect(sampleValue(after, 'bazaar_http_request_duration_seconds_sum', { method: 'GET', route: '/api/orders/:id' })).toBeGreaterThan(0)
    // Node's own metrics come along.
    expect(sampleValue(after, 'process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  it('answers only loopback or an operator token: 403 from elsewhere, and from loopback through a proxy', async () => {
    const ask = (headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress })
    const buyer = await merchantSession(t, 'Gadget Harbor', 0)
    for (const [headers, address] of [
      [{}, freshIp()],
      [{ token: buyer.token }, freshIp()],
      [{ 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1'],
      [{ forwarded: 'for=203.0.113.9' }, '::1'],
    ] as const) {
      const res = await ask(headers, address)
      expect({ status: res.statusCode, msg: readReply(res).body.msg }).toEqual({ status: 403, msg: 'Not allowed' })
      expect(res.body).not.toContain('bazaar_')
    }
    expect(readReply(await ask({ 'admin-token': 'not-a-session' }, freshIp())).body.msg).toBe('Please log in')
    expect((await ask(admin, freshIp())).statusCode).toBe(200)
    expect((await ask({}, '::1')).statusCode).toBe(200)
    expect((await ask({}, '127.0.0.1')).headers['cache-control']).toBe('no-store')
  })

  it('reads the trial balance as 0 after money moved, and shows a ledger that no longer balances', async () => {
    const buyer = await shopper(t, admin, 'metrics-payer@example.com', 50_000)
    const sku = await skuOfShop(t, 'Casa Verde')
    const orderId = (await placedOrderOf(t, buyer, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 })).id
    expect((await t.post('/api/orders/pay', { orderIds: [orderId], paymentPassword: '123456' }, { token: buyer.token })).status).toBe(200)
    expect(sampleValue(await scrape(), 'bazaar_ledger_trial_balance_cents')).toBe(0)
    expect((await trialBalance(t.db.kysely)).totalCents).toBe(0)

    // A balance changed outside a transfer (the bug the gauge is for) shows at the next scrape.
    const account = await t.db.kysely
      .selectFrom('ledger_accounts')
      .select(['id', 'balance_cents'])
      .where('is_platform', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await t.db.kysely
      .updateTable('ledger_accounts')
      .set({ balance_cents: Number(account.balance_cents) + 7 })
      .where('id', '=', account.id)
      .execute()
    try {
      expect(sampleValue(await scrape(), 'bazaar_ledger_trial_balance_cents')).toBe(7)
    } finally {
      await t.db.kysely.updateTable('ledger_accounts').set({ balance_cents: account.balance_cents }).where('id', '=', account.id).execute()
    }
    expect(sampleValue(await scrape(), 'bazaar_ledger_trial_balance_cents')).toBe(0)
  })

  it('shows queries waiting for a database connection while every connection is held, and how long they waited', async () => {
    const waitCount = (s: Sample[], le: string) => sampleValue(s, 'bazaar_db_pool_wait_seconds_bucket', { dialect, le }) ?? 0
    const before = await scrape()
    expect(sampleValue(before, 'bazaar_db_pool_size', { dialect })).toBe(dialect === 'sqlite' ? 1 : 5)
    // Hold every connection in an open transaction; a request then has to wait for one.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const holders = Array.from({ length: t.db.pool.size }, () => t.db.kysely.transaction().execute(() => held))
    while (t.db.pool.inUse < t.db.pool.size) await sleep(5)
    const waiting = t.get('/healthz')
    while (t.db.pool.waiting < 1) await sleep(5)
    // Read without the database (which the trial balance needs): the pool's gauges only.
    const during = parsePrometheus(await t.app.metrics.registry.getSingleMetricAsString('bazaar_db_pool_waiting'))
    expect(sampleValue(during, 'bazaar_db_pool_waiting', { dialect })).toBeGreaterThanOrEqual(1)
    await sleep(150)
    release()
    await Promise.all(holders)
    expect((await waiting).status).toBe(200)
    const after = await scrape()
    // At least one wait longer than 0.1 s: counted in +Inf but not in the 0.1 bucket.
    expect(waitCount(after, '+Inf') - waitCount(after, '0.1')).toBeGreaterThan(waitCount(before, '+Inf') - waitCount(before, '0.1'))
    expect(sampleValue(after, 'bazaar_db_pool_waiting', { dialect })).toBe(0)
  })

  it('counts sweep passes, and failures when the database is gone', async () => {
    const runs = (s: Sample[]) => sampleValue(s, 'bazaar_sweep_runs_total', { sweep: 'order' }) ?? 0
    const failures = (s: Sample[]) => sampleValue(s, 'bazaar_sweep_failures_total', { sweep: 'order', step: 'pass' }) ?? 0
    const before = await scrape()
    // The chat sockets' sweep (every 15 s) is counted as well; its series exists from the start.
    expect(sampleValue(before, 'bazaar_sweep_runs_total', { sweep: 'chat_sockets' })).toBeGreaterThanOrEqual(0)
    const logged: string[] = []
    const log = { error: (_: object, msg: string) => logged.push(msg) }
    const stop = startOrderSweeper(t.db, log, 20, t.app.metrics.sweep('order'))
    while (runs(await scrape()) < runs(before) + 2) await sleep(20)
    stop()
    expect(failures(await scrape())).toBe(failures(before))

    const gone = await createTestDatabase(dialect)
    await gone.db.close()
    const stopGone = startOrderSweeper(gone.db, log, 20, t.app.metrics.sweep('order'))
    while (failures(await scrape()) < failures(before) + 1) await sleep(20)
    stopGone()
    await sleep(50)
    await gone.drop().catch(() => {})
    expect(logged).toContain('order sweep failed')
  })

  it('counts the websocket connections open on this node', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const buyer = await shopper(t, admin, 'metrics-socket@example.com', 0)
    const sockets = async () => sampleValue(await scrape(), 'bazaar_websocket_connections')
    expect(await sockets()).toBe(0)
    const first = await openSocket(url, buyer.token)
    const second = await openSocket(url, buyer.token)
    first.send({ kind: 'init', cursors: [] })
    await first.next('init')
    second.send({ kind: 'init', cursors: [] })
    await second.next('init')
    expect(await sockets()).toBe(2)
    await first.close()
    while ((await sockets()) !== 1) await sleep(20)
    await second.close()
    while ((await sockets()) !== 0) await sleep(20)
  })
})
