import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createTestApp, freshIp, type TestApp } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { placedOrderOf } from '../test/merchant-helpers.ts'
import { shopper, skuOfShop } from '../test/order-helpers.ts'
import { readReply } from '../test/replies.ts'
import { operatorHeaders } from '../test/wallet-helpers.ts'

/** A log destination that keeps every JSON line Fastify's logger (pino) writes. */
function logSink() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { lines, logger: { level: 'info', stream } }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Request ids (issue 16, Operations): every reply carries `X-Request-Id` (the incoming one
 * when well formed, else a new UUID), every error envelope carries it as `data.requestId`,
 * and every log line of the request carries it as `reqId`, on whichever node served it, so
 * one failed payment can be followed through the logs. SQLite and PostgreSQL.
 */
describe.each(await testDialects())('request ids on %s', (dialect) => {
  let t: TestApp
  const sink = logSink()
  let secondNode: FastifyInstance
  const secondSink = logSink()
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { logger: sink.logger })
    // A second API node on the same database, as behind the load balancer.
    const config = loadConfig({ DATA_DIR: t.dataDir, NODE_ENV: 'test', SHOP_DIST_DIR: `${t.dataDir}/no-shop` })
    secondNode = await buildApp({ config, db: t.db, logger: secondSink.logger })
  }, 60_000)
  afterAll(async () => {
    await secondNode?.close()
    await t?.close()
  })

  it('sends an id on every reply, success, refusal and unknown URL alike, and the same id in the error envelope', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/healthz' })
    const refused = await t.app.inject({ method: 'GET', url: '/api/orders', remoteAddress: freshIp() })
    const missing = await t.app.inject({ method: 'GET', url: '/nowhere' })
    const ids = [ok, refused, missing].map((res) => res.headers['x-request-id'])
    for (const id of ids) expect(id).toMatch(uuid)
    expect(new Set(ids).size).toBe(3)
    expect(readReply(refused).body).toMatchObject({ msg: 'Please log in', data: { requestId: ids[1] } })
    expect(readReply(missing).body).toMatchObject({ msg: 'Route not found', data: { requestId: ids[2] } })
    // The envelope keeps its shape: {code, msg, data}, the id inside data beside the message.
    expect(Object.keys(JSON.parse(refused.body) as object).sort()).toEqual(['code', 'data', 'msg'])
  })

  it('keeps a well-formed incoming X-Request-Id and replaces one that could forge or break a log line', async () => {
    for (const id of ['2f9c0e4b7a1d4c8e9b3a5d6f7e8c9a0b', 'lb-1.node_2:42', 'a'.repeat(64)]) {
      const res = await t.app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': id } })
      expect(res.headers['x-request-id']).toBe(id)
      expect(readReply(res).body.data).toMatchObject({ requestId: id })
    }
    for (const id of ['', 'a'.repeat(65), 'two words', 'quote"d', '{"level":60}', 'ünï']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } })
      expect(res.headers['x-request-id']).toMatch(uuid)
    }
  })

  it('follows one failed payment through every log line of both nodes by its id', async () => {
    const admin = await operatorHeaders(t, 'trace-ops@example.com')
    const buyer = await shopper(t, admin, 'trace-buyer@example.com', 0)
    const sku = await skuOfShop(t, 'Casa Verde')
    const orderId = (await placedOrderOf(t, buyer, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 })).id
    const pay = (app: FastifyInstance, requestId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/orders/pay',
        payload: { orderIds: [orderId], paymentPassword: '999999' },
        headers: { token: buyer.token, 'x-request-id': requestId },
        remoteAddress: freshIp(),
      })
    const first = await pay(t.app, 'pay-trace-node1')
    const second = await pay(secondNode, 'pay-trace-node2')
    for (const [res, id] of [
      [first, 'pay-trace-node1'],
      [second, 'pay-trace-node2'],
    ] as const)
      expect({ header: res.headers['x-request-id'], body: readReply(res).body }).toMatchObject({
        header: id,
        body: { msg: 'payment password error', data: { requestId: id } },
      })

    for (const [node, id] of [
      [sink, 'pay-trace-node1'],
      [secondSink, 'pay-trace-node2'],
    ] as const) {
      const traced = node.lines.filter((line) => line.reqId === id)
      // One line a request, written when it ends (BENCH G9), with the request and the reply.
      expect(traced.map((line) => line.msg)).toEqual(['request completed'])
      expect(traced.at(-1)).toMatchObject({ method: 'POST', url: '/api/orders/pay', statusCode: 400 })
    }
    // Every line written about a request names its id: none without.
    const requestLines = [...sink.lines, ...secondSink.lines].filter((line) => 'statusCode' in line)
    expect(requestLines.length).toBeGreaterThan(10)
    expect(requestLines.filter((line) => typeof line.reqId !== 'string' || line.reqId === '')).toEqual([])
  })
})
