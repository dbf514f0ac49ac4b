import type { HTTPMethods } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RegisteredRoute } from './platform/route-groups.ts'
import { createTestApp, freshIp, type TestApp } from './test/app-harness.ts'
import { testDialects } from './test/databases.ts'
import { merchantSession } from './test/order-helpers.ts'
import { operatorHeaders } from './test/wallet-helpers.ts'

/** The part of an OpenAPI document these tests read: its title and each path's methods. */
const Document = z.object({
  info: z.object({ title: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})
const operationsOf = (doc: z.infer<typeof Document>) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  )

/** A concrete URL for a route: every parameter 1 (a photo at a listed width). */
const urlOf = (route: RegisteredRoute) => route.url.replace(/:[a-zA-Z]+/g, '1').replace('1.webp', '160.webp')

describe.each(await testDialects())('response headers on %s', (dialect) => {
  let t: TestApp
  let buyer: { token: string }
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    await t.app.ready()
    buyer = await merchantSession(t, 'Gadget Harbor')
    admin = await operatorHeaders(t, 'headers-ops@example.com')
  })
  afterAll(async () => t?.close())

  const call = (route: RegisteredRoute, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as HTTPMethods,
      url: urlOf(route),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      remoteAddress: freshIp(),
    })

  it('marks every reply of a route group that reads sessions no-store, refused or answered', async () => {
    const guarded = t.app.routeRegistry.filter((r) => r.access !== 'public')
    expect(guarded.length).toBeGreaterThan(40)
    const stored: string[] = []
    for (const route of guarded) {
      const session = route.access === 'operator' ? admin : { token: buyer.token }
      for (const headers of [{}, session]) {
        const res = await call(route, headers)
        if (res.headers['cache-control'] !== 'no-store') {
          stored.push(`${route.method} ${route.url} ${res.statusCode}: ${String(res.headers['cache-control'])}`)
        }
      }
    }
    expect(stored).toEqual([])
  })

  it('marks the replies that carry a new session no-store, and public data too unless the route caches on purpose', async () => {
    // merchantSession gave the shop's owner this password.
    const shop = await t.db.kysely
      .selectFrom('shops')
      .innerJoin('users', 'users.id', 'shops.owner_user_id')
      .select('users.email')
      .where('shops.name', '=', 'Gadget Harbor')
      .executeTakeFirstOrThrow()
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: shop.email, password: 'merchant-pass' },
      remoteAddress: freshIp(),
    })
    expect(login.json()).toMatchObject({ code: 1, data: { token: expect.any(String) } })
    expect(login.headers['cache-control']).toBe('no-store')
    const operatorLogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'headers-ops@example.com', password: 'operator-password-1' },
      remoteAddress: freshIp(),
    })
    expect(operatorLogin.json()).toMatchObject({ code: 1, data: { token: expect.any(String) } })
    expect(operatorLogin.headers['cache-control']).toBe('no-store')

    // Public data outside the catalogue is not kept.
    const rules = await t.app.inject({ url: '/api/rules' })
    expect(rules.statusCode).toBe(200)
    expect(rules.headers['cache-control']).toBe('no-store')
    expect((await t.app.inject({ url: '/api/nothing-here' })).headers['cache-control']).toBe('no-store')
    const photo = await t.db.kysely.selectFrom('product_images').select('id').orderBy('id').executeTakeFirstOrThrow()
    expect((await t.app.inject({ url: `/media/${photo.id}/160.webp` })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
  })

  it('lets a browser keep catalogue replies and ask again with their ETag: unchanged comes back as an empty 304', async () => {
    const first = await t.app.inject({ url: '/api/products?sort=sales' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"/)
    const again = await t.app.inject({ url: '/api/products?sort=sales', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // Another page of the catalogue is another reply, sent whole.
    const other = await t.app.inject({ url: '/api/products?sort=price_asc', headers: { 'if-none-match': etag } })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).not.toBe(etag)
    const tree = await t.app.inject({ url: '/api/categories' })
    expect(tree.headers.etag).toBeDefined()
    expect((await t.app.inject({ url: '/api/categories', headers: { 'if-none-match': String(tree.headers.etag) } })).statusCode).toBe(304)
  })

  it('switches off camera, microphone, geolocation and the other powerful features on every reply', async () => {
    for (const url of ['/api/products', '/api/me', '/docs/json', '/healthz', '/api/nothing-here']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy'])
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(policy, `${url} ${feature}`).toContain(feature)
      }
    }
  })

  it("lets the shop's own pages use the microphone (chat voice messages), and nothing else", async () => {
    for (const url of ['/', '/index.html', '/assets/x.js']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy'])
      expect(policy, url).toContain('microphone=(self)')
      for (const feature of ['camera=()', 'geolocation=()', 'payment=()']) expect(policy, `${url} ${feature}`).toContain(feature)
    }
    for (const url of ['/admin/', '/api/chat/conversations', '/docs', '/media/1/160.webp'])
      expect(String((await t.app.inject({ url })).headers['permissions-policy']), url).toContain('microphone=()')
  })

  it("keeps the console's routes out of /docs and serves them to operators alone at /api/admin/openapi.json", async () => {
    const registry = t.app.routeRegistry.map((r) => `${r.method} ${r.url}`)
    const operatorRoutes = t.app.routeRegistry.filter((r) => r.url.startsWith('/api/admin/')).map((r) => `${r.method} ${r.url}`)
    expect(operatorRoutes.length).toBeGreaterThan(15)

    const publicDoc = Document.parse((await t.app.inject({ url: '/docs/json' })).json())
    expect(operationsOf(publicDoc).filter((op) => op.includes('/api/admin'))).toEqual([])
    expect(JSON.stringify(publicDoc)).not.toMatch(/operatorLogin|listRecharges|updateNetwork/)

    const url = '/api/admin/openapi.json'
    expect((await t.app.inject({ url })).statusCode).toBe(401)
    expect((await t.app.inject({ url, headers: { token: buyer.token } })).statusCode).toBe(401)
    // A fresh operator: the walk above called logout with the first one's token.
    const res = await t.app.inject({ url, headers: await operatorHeaders(t, 'headers-docs@example.com') })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const operatorDoc = Document.parse(res.json())
    expect(operatorDoc.info.title).toBe('Bazaar operators API')
    expect(operationsOf(operatorDoc).sort()).toEqual(operatorRoutes.sort())
    // Together the two documents hold the whole registry, each route once.
    expect([...operationsOf(publicDoc), ...operationsOf(operatorDoc)].sort()).toEqual(registry.sort())
  })
})
