import fc from 'fast-check'
import type { HTTPMethods } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trialBalance } from '../modules/wallet/ledger.ts'
import type { RegisteredRoute } from '../platform/route-groups.ts'
import { createTestApp, freshIp, type TestApp } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { merchantSession } from '../test/order-helpers.ts'
import { readReply } from '../test/replies.ts'
import { type OpenApiDocument, operationOf } from '../test/request-samples.ts'
import { buyerWithPaymentPassword, operatorHeaders } from '../test/wallet-helpers.ts'
import { type BadRequest, badRequests } from './bad-requests.ts'
import { recordFigures } from './figures.ts'
import { urlOf } from './send.ts'
import { changedTables, snapshotDatabase } from './snapshot.ts'

/**
 * Malformed input (issue 16): for every route of the registry, 100 requests generated from
 * its OpenAPI operation by fast-check, each breaking one documented rule (a field of the
 * wrong type, too long or missing, a body that is not JSON or of the wrong content type, a
 * path or query parameter of the wrong type). Every reply is below 500 and an envelope, and
 * afterwards not one row of the database differs and the trial balance is 0. SQLite and PostgreSQL.
 */

const runsPerRoute = Number(process.env.HOSTILE_RUNS ?? 100)
/** Replies that are files, not envelopes, when they succeed. */
const fileReplies = /\.webp$|\/logo$|\/file$|\/uploads\/:id$|openapi\.json$|\.csv$/

describe.each(await testDialects())('malformed requests on %s', (dialect) => {
  let t: TestApp
  let doc: OpenApiDocument
  let sessionOf: (route: RegisteredRoute) => Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    await t.app.ready()
    const admin = await operatorHeaders(t, 'fuzz-ops@example.com')
    const operatorDoc = (await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: admin })).json() as OpenApiDocument
    doc = { paths: { ...(t.app.swagger() as unknown as OpenApiDocument).paths, ...operatorDoc.paths } }
    const merchant = await merchantSession(t, 'Gadget Harbor')
    const buyer = await buyerWithPaymentPassword(t, 'fuzz-buyer@example.com')
    sessionOf = (route): Record<string, string> => {
      if (route.access === 'operator') return admin
      if (route.access === 'merchant') return { token: merchant.token }
      if (route.access === 'public') return {}
      return { token: buyer.token }
    }
  }, 120_000)
  afterAll(async () => t?.close())

  async function send(route: RegisteredRoute, bad: BadRequest) {
    const headers: Record<string, string> = { ...sessionOf(route), ...bad.headers }
    if (bad.rawBody !== undefined) headers['content-type'] = bad.contentType ?? 'application/json'
    return t.app.inject({
      method: route.method as HTTPMethods,
      url: urlOf(route, bad),
      payload: bad.rawBody,
      headers,
      remoteAddress: freshIp(),
    })
  }

  it(`answers ${runsPerRoute} generated bad requests per route with a 4xx envelope, never a 5xx, and changes nothing`, async () => {
    // Reads without input first, once: some create what they show on first use (a wallet's zero accounts).
    const inputless = t.app.routeRegistry.filter(
      (r) => r.method === 'GET' && !r.url.includes(':') && !operationOf(doc, r)?.parameters?.length,
    )
    for (const route of inputless) await send(route, { params: {}, query: {}, headers: {}, poison: 'none' })
    const before = await snapshotDatabase(t)
    const started = performance.now()
    const problems: string[] = []
    const accepted: Record<string, number> = {}
    const statuses: Record<number, number> = {}
    let sent = 0
    let routesFuzzed = 0
    for (const route of t.app.routeRegistry) {
      if (route.operationId === 'chatSocket') continue // a websocket upgrade, proven in the chat suites
      const op = operationOf(doc, route)
      if (!op) throw new Error(`${route.method} ${route.url} is not in the OpenAPI documents`)
      routesFuzzed++
      const name = `${route.method} ${route.url}`
      await fc
        .assert(
          fc.asyncProperty(badRequests(op, route.method), async (bad) => {
            sent++
            const res = await send(route, bad)
            const known = problems.length
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
            if (res.statusCode < 300) accepted[name] = (accepted[name] ?? 0) + 1
            const isFile = res.statusCode < 300 && fileReplies.test(route.url) && !String(res.headers['content-type']).includes('json')
            if (res.statusCode >= 500) problems.push(`${name} [${bad.poison}] → ${res.statusCode} ${res.body.slice(0, 200)}`)
            else if (!isFile && route.operationId !== 'getOperatorOpenApi') {
              try {
                readReply(res)
              } catch (error) {
                problems.push(`${name} [${bad.poison}] → ${(error as Error).message.slice(0, 200)}`)
              }
            }
            return problems.length === known
          }),
          { numRuns: runsPerRoute, seed: 16 },
        )
        .catch((error: Error) => {
          problems.push(
            `${name}: ${error.message
              .split('\n')
              .filter((l) => l.startsWith('Counterexample'))
              .join(' ')}`,
          )
        })
    }
    const elapsedMs = Math.round(performance.now() - started)
    const changed = changedTables(before, await snapshotDatabase(t))
    const balance = (await trialBalance(t.db.kysely)).totalCents
    recordFigures(`malformed-${dialect}`, {
      routes: routesFuzzed,
      routesWithoutInput: inputless.length,
      requests: sent,
      serverErrors: statuses[500] ?? 0,
      notEnvelopes: problems.length,
      answered2xx: Object.values(accepted).reduce((a, b) => a + b, 0),
      routesAnswering2xx: Object.keys(accepted).join('; '),
      tablesChanged: Object.keys(changed).length,
      trialBalanceCents: balance,
      elapsedMs,
    })
    expect(problems).toEqual([])
    // Only reads without any input answer: there is nothing in them to break, and they change nothing.
    expect(Object.keys(accepted).filter((name) => !inputless.some((r) => `${r.method} ${r.url}` === name))).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(routesFuzzed * runsPerRoute)
    expect(changed).toEqual({})
    expect(balance).toBe(0)
  }, 900_000)
})
