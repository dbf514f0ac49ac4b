import { okReply } from '@bazaar/contract/envelope'
import { type ErrorKey, isErrorKey } from '@bazaar/contract/errors'
import { apiKeyPermissions } from '@bazaar/contract/merchant-api-keys-values'
import swagger from '@fastify/swagger'
import Fastify, { type HTTPMethods } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from './platform/errors.ts'
import { apiSchemaTransform } from './platform/openapi.ts'
import { replies } from './platform/replies.ts'
import { replyCheckPlugin } from './platform/reply-check.ts'
import { type RegisteredRoute, registerRouteGroup, routeRegistryPlugin } from './platform/route-groups.ts'
import { createTestApp, type TestApp } from './test/app-harness.ts'
import { merchantSession } from './test/order-helpers.ts'
import { readReply } from './test/replies.ts'
import { buyerWithPaymentPassword, operatorHeaders } from './test/wallet-helpers.ts'

/** The part of the OpenAPI document this test reads: each path's methods and their operationId. */
const OpenApiPaths = z.object({ paths: z.record(z.string(), z.record(z.string(), z.object({ operationId: z.string().optional() }))) })

/** A concrete URL for a route path: every parameter filled with 1. */
const urlOf = (route: RegisteredRoute) => route.url.replace(/:[a-zA-Z]+/g, '1').replace('1.webp', '160.webp')

describe('the route registry', () => {
  let t: TestApp
  let routes: RegisteredRoute[]
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    await t.app.ready()
    routes = t.app.routeRegistry
  })
  afterAll(async () => t?.close())

  /** Calls a route with every parameter 1 and an empty JSON body; the reply is a checked envelope. */
  const call = (route: RegisteredRoute, headers: Record<string, string>) =>
    t.request(route.method as HTTPMethods, urlOf(route), route.method === 'GET' ? undefined : '{}', {
      headers: { ...headers, 'content-type': 'application/json' },
    })

  it('holds every route of the OpenAPI documents (public and operators’), each with a unique operationId and its group', async () => {
    const admin = await operatorHeaders(t, 'registry-docs@example.com')
    const docs = [
      OpenApiPaths.parse((await t.app.inject({ method: 'GET', url: '/docs/json' })).json()),
      OpenApiPaths.parse((await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: admin })).json()),
    ]
    const documented = docs.flatMap((doc) =>
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    )
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(documented.sort())
    expect(new Set(routes.map((r) => r.operationId)).size).toBe(routes.length)
    for (const route of routes) expect(route.errors.every(isErrorKey)).toBe(true)
    // Every operation a key permission opens is a merchant route (a renamed operation would silently close it to keys).
    const merchantOperations = new Set(routes.filter((r) => r.access === 'merchant').map((r) => r.operationId))
    expect(
      Object.values(apiKeyPermissions)
        .flat()
        .filter((id) => !merchantOperations.has(id)),
    ).toEqual([])
  })

  it('refuses every guarded route without a session, before its handler runs', async () => {
    const guarded = routes.filter((r) => r.access !== 'public' && r.access !== 'optional')
    expect(guarded.length).toBeGreaterThan(40)
    for (const route of guarded) {
      // `local` routes (/metrics) answer loopback without a session: asked from elsewhere they
      // refuse with 403 (platform/metrics.test.ts); an operator token is their only session.
      if (route.access === 'local') {
        const res = readReply(await t.app.inject({ method: route.method as HTTPMethods, url: urlOf(route), remoteAddress: '198.51.100.7' }))
        expect({ route: route.url, status: res.status, msg: res.body.msg }).toEqual({ route: route.url, status: 403, msg: 'Not allowed' })
        continue
      }
      const res = await call(route, {})
      expect({ route: `${route.method} ${route.url}`, status: res.status, msg: res.body.msg }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        msg: 'Please log in',
      })
    }
  })

  it("refuses a buyer on merchant routes (403) and on operators' routes (401), and an operator token on buyer routes", async () => {
    const buyer = await buyerWithPaymentPassword(t, 'registry-buyer@example.com')
    const admin = await operatorHeaders(t, 'registry-ops@example.com')
    const merchant = await merchantSession(t, 'Gadget Harbor')
    for (const route of routes) {
      if (route.access === 'merchant') {
        expect((await call(route, { token: buyer.token })).status).toBe(403)
        expect((await call(route, { token: merchant.token })).status).not.toBe(403)
      }
      if (route.access === 'operator') expect((await call(route, { token: buyer.token })).status).toBe(401)
      if (route.access === 'buyer') expect((await call(route, admin)).status).toBe(401)
    }
  })
})

describe('the reply check', () => {
  it('turns a reply the OpenAPI document does not describe (key, status, body or media type) into a 500 that names it', async () => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    await app.register(replies)
    await app.register(routeRegistryPlugin)
    await app.register(replyCheckPlugin)
    await app.register(swagger, { openapi: { info: { title: 'probe', version: '1' } }, transform: apiSchemaTransform })
    const failWith = (key: ErrorKey) => async () => {
      throw new AppError(key)
    }
    await registerRouteGroup(
      app,
      {
        name: 'probe',
        access: 'public',
        prefix: '',
        routes: [
          async (scope) => {
            scope.get(
              '/documented',
              { config: { errors: ['Order not found'] }, schema: { operationId: 'documented' } },
              failWith('Order not found'),
            )
            scope.get(
              '/undocumented',
              { config: { errors: ['Order not found'] }, schema: { operationId: 'undocumented' } },
              failWith('Shop not found'),
            )
            scope.get(
              '/other-status',
              { config: { errors: ['Order not found'] }, schema: { operationId: 'otherStatus' } },
              failWith('Inventory shortage'),
            )
            // A success written past its serializer, with a body its schema does not allow.
            scope.get(
              '/bad-body',
              { schema: { operationId: 'badBody', response: { 200: okReply(z.object({ n: z.number() })) } } },
              (_r, reply) => reply.type('application/json').serializer(String).send('{"code":1,"msg":"ok","data":{"n":"one"}}'),
            )
            // The right body under a media type the document does not list.
            scope.get(
              '/bad-type',
              { schema: { operationId: 'badType', response: { 200: okReply(z.object({ n: z.number() })) } } },
              (_r, reply) => reply.type('text/html').serializer(String).send('{"code":1,"msg":"ok","data":{"n":1}}'),
            )
          },
        ],
      },
      { user: async () => undefined, operator: async () => undefined, shopOf: async () => undefined },
    )
    const documented = readReply(await app.inject({ url: '/documented' }))
    expect(documented).toMatchObject({ status: 404, body: { code: 0, msg: 'Order not found' } })
    for (const url of ['/undocumented', '/other-status', '/bad-body', '/bad-type']) {
      expect(readReply(await app.inject({ url }))).toMatchObject({
        status: 500,
        body: { msg: 'unknown error', data: { message: expect.stringMatching(/^undocumented reply/) } },
      })
    }
    await app.close()
  })
})
