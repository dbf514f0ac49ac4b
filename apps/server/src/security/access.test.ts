import { apiKeyPermissionNames, permissionForOperation } from '@bazaar/contract/merchant-api-keys-values'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegisteredRoute } from '../platform/route-groups.ts'
import type { TestApp } from '../test/app-harness.ts'
import { createTestApp } from '../test/app-harness.ts'
import { testDialects } from '../test/databases.ts'
import { apiKeyOf, keyHeaders } from '../test/integration-helpers.ts'
import { expectLedgerBalanced } from '../test/merchant-helpers.ts'
import { type OpenApiDocument, operationOf, sampleRequest } from '../test/request-samples.ts'
import { operatorHeaders } from '../test/wallet-helpers.ts'
import { recordFigures } from './figures.ts'
import { forbiddenFields, sentinels, withForbiddenFields } from './forbidden-fields.ts'
import { idRoutes } from './id-routes.ts'
import { sendRequest } from './send.ts'
import { changedTables, rowsContaining, snapshotDatabase } from './snapshot.ts'
import { buildWorld, validBodies, type World } from './world.ts'

/**
 * Access control, driven by the route registry (`app.routeRegistry`) and the OpenAPI
 * document, so a route is covered the day it is added (issue 16, SPEC §9): user B against
 * every object of user A that a route's path names gets 403 or 404 and changes nothing; a
 * buyer is refused by every merchant and operator route; fields a client must never set,
 * sent on every write, are refused or ignored (never stored). SQLite and PostgreSQL.
 */

/** Whether a 400's `fields` names an unknown key (`_`) or a forbidden field: the forged fields were refused. */
function forgedFieldNamed(fields: unknown): boolean {
  const named = Object.keys((fields ?? {}) as Record<string, unknown>).map((f) => f.split('.').at(-1)!)
  return named.some((f) => f === '_' || f in forbiddenFields)
}

/** Tables a refused request may still write: none today (refusals leave no trace but logs). */
const writtenByRefusals: string[] = []

describe.each(await testDialects())('access control on %s', (dialect) => {
  let t: TestApp
  let w: World
  let doc: OpenApiDocument
  let routes: RegisteredRoute[]
  beforeAll(async () => {
    t = await createTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' })
    await t.app.ready()
    doc = t.app.swagger() as unknown as OpenApiDocument
    const operatorDoc = (
      await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: await operatorHeaders(t, 'doc-reader@example.com') })
    ).json()
    doc = { paths: { ...doc.paths, ...(operatorDoc as OpenApiDocument).paths } }
    routes = t.app.routeRegistry
    w = await buildWorld(t)
  }, 180_000)
  afterAll(async () => t?.close())

  const sample = (route: RegisteredRoute) => {
    const op = operationOf(doc, route)
    if (!op) throw new Error(`${route.method} ${route.url} is not in the OpenAPI documents`)
    return sampleRequest(op)
  }
  /**
   * A's objects fill the path (ids 1 elsewhere); the body is the document's sample, or one
   * that passes every rule with the caller's own values (`validBodies`).
   */
  const ownParams = (route: RegisteredRoute, request: ReturnType<typeof sample>, caller: { addressId: number } = w.buyerA) => {
    const key = `${route.method} ${route.url}`
    const rule = idRoutes[key]
    if (rule && 'owner' in rule) request.params.id = String(w.owned[rule.object])
    const body = validBodies(caller)[key]
    if (body !== undefined) request.body = body
    return request
  }

  it('knows what every path parameter of every route names (a new route must be sorted here)', () => {
    const withParams = routes.filter((r) => r.url.includes(':')).map((r) => `${r.method} ${r.url}`)
    expect(withParams.filter((r) => !idRoutes[r])).toEqual([])
    expect(Object.keys(idRoutes).filter((r) => !withParams.includes(r))).toEqual([])
  })

  it("answers 403 or 404 to user B on every route that names user A's object, and changes nothing", async () => {
    const before = await snapshotDatabase(t)
    const seen: string[] = []
    const wrong: string[] = []
    const notFoundByOtherName: string[] = []
    for (const route of routes) {
      const rule = idRoutes[`${route.method} ${route.url}`]
      if (!rule || !('owner' in rule)) continue
      const request = ownParams(route, sample(route), w.buyerB)
      const intruder = rule.owner === 'merchant' ? w.merchantB.token : w.buyerB.token
      const res = await sendRequest(t, route, request, { token: intruder })
      seen.push(`${route.method} ${route.url} ${res.status}`)
      let refused = res.status === 403 || res.status === 404 || (rule.idempotent === true && res.status === 200)
      if (!refused && res.status >= 400 && res.status < 500) {
        // Not found by another name: the very reply an id that exists nowhere gets, so B learns nothing.
        const nowhere = await sendRequest(t, route, { ...request, params: { ...request.params, id: '99999999' } }, { token: intruder })
        refused = nowhere.status === res.status && nowhere.body.msg === res.body.msg
        if (refused) notFoundByOtherName.push(`${route.method} ${route.url} → ${res.status} '${res.body.msg}'`)
      }
      if (!refused) wrong.push(`${route.method} ${route.url} → ${res.status} ${res.body.msg}`)
    }
    expect(wrong).toEqual([])
    expect(seen.length).toBeGreaterThanOrEqual(25)
    const changed = changedTables(before, await snapshotDatabase(t))
    expect(Object.keys(changed).filter((name) => !writtenByRefusals.includes(name))).toEqual([])
    // The owner still reaches every one of them: the refusals were about B, not broken routes.
    for (const [url, token] of [
      [`/api/orders/${w.owned.order}`, w.buyerA.token],
      [`/api/shop/orders/${w.owned.order}`, w.merchantA.token],
      [`/api/uploads/${w.owned.upload}`, w.buyerA.token],
      [`/api/chat/conversations/${w.owned.conversation}/messages`, w.buyerA.token],
    ] as const)
      expect((await t.app.inject({ method: 'GET', url, headers: { token } })).statusCode).toBe(200)
    recordFigures(`access-${dialect}`, {
      crossUserProbes: seen.length,
      crossUserAdmitted: wrong.length,
      crossUserRefusedAsNonexistent: notFoundByOtherName.join('; '),
    })
  })

  it('refuses a buyer on every merchant route (403) and buyers and merchants on every operator route (401), changing nothing', async () => {
    const before = await snapshotDatabase(t)
    const wrong: string[] = []
    let probes = 0
    for (const route of routes) {
      const request = ownParams(route, sample(route))
      const callers =
        route.access === 'merchant'
          ? [{ token: w.buyerA.token, status: 403 }]
          : route.access === 'operator'
            ? [
                { token: w.buyerA.token, status: 401 },
                { token: w.merchantA.token, status: 401 },
              ]
            : []
      for (const caller of callers) {
        probes++
        const res = await sendRequest(t, route, request, { token: caller.token })
        if (res.status !== caller.status) wrong.push(`${route.method} ${route.url} → ${res.status} ${res.body.msg}`)
      }
    }
    expect(wrong).toEqual([])
    expect(probes).toBeGreaterThan(60)
    expect(changedTables(before, await snapshotDatabase(t))).toEqual({})
    recordFigures(`access-${dialect}`, { roleProbes: probes, roleAdmitted: wrong.length })
  })

  it("takes a merchant API key only on the merchant routes its permissions open, refuses it (401) on every other guarded route, and finds nothing of shop A with shop B's key", async () => {
    const keyA = await apiKeyOf(t, w.merchantA.token, apiKeyPermissionNames, 'Every permission')
    const narrowA = await apiKeyOf(t, w.merchantA.token, ['dashboard:read'], 'Dashboard only')
    const keyB = await apiKeyOf(t, w.merchantB.token, apiKeyPermissionNames, 'Shop B')
    const before = await snapshotDatabase(t)
    const wrong: string[] = []
    let admitted = 0
    for (const route of routes) {
      if (route.access === 'public') continue
      const permission = route.access === 'merchant' ? permissionForOperation(route.operationId) : undefined
      const request = sample(route)
      if (permission) {
        // Admitted: past the guard, then stopped by a missing object or a body with an unknown field, so nothing moves.
        for (const name of Object.keys(request.params)) request.params[name] = '99999999'
        if (route.method !== 'GET') request.body = { notAField: 1 }
        const res = await sendRequest(t, route, request, keyHeaders(keyA.key))
        if ([401, 403, 429].includes(res.status) || res.status >= 500) wrong.push(`A's key: ${route.method} ${route.url} → ${res.status}`)
        else admitted++
        const narrow = await sendRequest(t, route, request, keyHeaders(narrowA.key))
        const expected = permission === 'dashboard:read' ? narrow.status !== 401 && narrow.status !== 403 : narrow.status === 403
        if (!expected) wrong.push(`dashboard key: ${route.method} ${route.url} → ${narrow.status}`)
      } else {
        // With a live session of the group's kind beside it: the key alone is what gets the request refused.
        const session = route.access === 'operator' ? w.admin : { token: route.access === 'merchant' ? w.merchantA.token : w.buyerA.token }
        const res = await sendRequest(t, route, ownParams(route, request), { ...session, ...keyHeaders(keyA.key) })
        if (res.status !== 401) wrong.push(`${route.method} ${route.url} → ${res.status} ${res.body.msg}`)
      }
      // Shop B's key on shop A's objects: the answer an object that exists nowhere gets.
      const rule = idRoutes[`${route.method} ${route.url}`]
      if (permission && rule && 'owner' in rule && rule.owner === 'merchant') {
        const res = await sendRequest(t, route, ownParams(route, sample(route), w.buyerB), keyHeaders(keyB.key))
        if (res.status !== 404 && res.status !== 403)
          wrong.push(`B's key on A's ${rule.object}: ${route.method} ${route.url} → ${res.status}`)
      }
    }
    expect(wrong).toEqual([])
    expect(admitted).toBeGreaterThanOrEqual(16)
    // Only the keys' own last use and audit rows were written.
    expect(Object.keys(changedTables(before, await snapshotDatabase(t))).filter((n) => !n.startsWith('merchant_api_key'))).toEqual([])
    recordFigures(`access-${dialect}`, { apiKeyRoutesAdmitted: admitted, apiKeyWrongAnswers: wrong.length })
  })

  it('never stores a field a client must not set (role, balance, price, stock, state, owner…), sent on every write', async () => {
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && operationOf(doc, r)?.requestBody)
    const outcome = { accepted: 0, refused: 0, serverErrors: [] as string[], otherRefusals: [] as string[] }
    const roleBefore = await t.db.kysely.selectFrom('users').select(['id', 'role']).orderBy('id').execute()
    for (const route of writes) {
      const op = operationOf(doc, route)!
      const request = withForbiddenFields(op, ownParams(route, sample(route)))
      const session =
        route.access === 'operator' ? w.admin : route.access === 'merchant' ? { token: w.merchantA.token } : { token: w.buyerA.token }
      const res = await sendRequest(t, route, request, route.access === 'public' ? {} : session)
      if (res.status >= 500) outcome.serverErrors.push(`${route.method} ${route.url} → ${res.status}`)
      else if (res.status < 300) outcome.accepted++
      else if (res.body.code !== 1 && forgedFieldNamed(res.body.data.fields)) outcome.refused++
      else outcome.otherRefusals.push(`${route.method} ${route.url} → ${res.status} ${res.body.msg}`)
    }
    expect(outcome.serverErrors).toEqual([])
    // A refusal must be about the forged fields (an unknown key, `_`), so a write that takes them is never hidden behind a bad sample.
    expect(outcome.otherRefusals).toEqual([])
    expect(writes.length).toBeGreaterThan(60)
    expect(rowsContaining(await snapshotDatabase(t), sentinels)).toEqual([])
    expect(await t.db.kysely.selectFrom('users').select(['id', 'role']).orderBy('id').execute()).toEqual(expect.arrayContaining(roleBefore))
    await expectLedgerBalanced(t)
    recordFigures(`access-${dialect}`, {
      writesWithForbiddenFields: writes.length,
      forbiddenFieldNames: Object.keys(forbiddenFields).length,
      writesAccepted: outcome.accepted,
      writesRefused: outcome.refused,
      forbiddenValuesStored: 0,
    })
  })
})
