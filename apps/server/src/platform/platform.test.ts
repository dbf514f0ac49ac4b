import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../test/app-harness.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'
import { AppError } from './errors.ts'
import { translateError } from './i18n.ts'

/** The part of the OpenAPI document these tests read: each operation's parameter names. */
const OpenApiDocument = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), z.object({ parameters: z.array(z.object({ name: z.string() })).optional() }))),
})

describe('app shell', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t?.close())

  it('GET /healthz answers ok while the database answers, 503 with a key when it does not', async () => {
    expect(await t.get('/healthz')).toMatchObject({ status: 200, body: { code: 1, data: { status: 'ok' } } })
    await t.db.close()
    expect(await t.get('/healthz')).toMatchObject({ status: 503, body: { code: 0, msg: 'Service unavailable' } })
  })

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const doc = OpenApiDocument.parse((await t.app.inject({ method: 'GET', url: '/docs/json' })).json())
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/categories', '/api/shops', '/healthz']),
    )
    const params = doc.paths['/api/products']?.get?.parameters?.map((p) => p.name)
    expect(params).toEqual(expect.arrayContaining(['categoryId', 'minPriceCents', 'maxPriceCents', 'keywords', 'sort', 'cursor', 'limit']))
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400)
  })

  it('answers an unknown route with 404 and a key in the envelope', async () => {
    expect(await t.get('/api/nothing-here')).toMatchObject({ status: 404, body: { code: 0, msg: 'Route not found' } })
  })

  it('labels every error reply as JSON (strict clients read the envelope by its Content-Type)', async () => {
    const replies = [
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'POST', url: '/api/products', payload: '{"a":', headers: { 'content-type': 'application/json' } }),
      await t.app.inject({ method: 'GET', url: '/api/orders' }),
      await t.app.inject({ method: 'GET', url: '/api/products?limit=101' }),
    ]
    expect(replies.map((r) => [r.statusCode, r.headers['content-type']])).toEqual([
      [404, 'application/json; charset=utf-8'],
      [400, 'application/json; charset=utf-8'],
      [401, 'application/json; charset=utf-8'],
      [400, 'application/json; charset=utf-8'],
    ])
  })

  it('answers malformed JSON with 400 and a key, never 500', async () => {
    const res = await t.request('POST', '/api/products', '{"a":', { headers: { 'content-type': 'application/json' } })
    expect(res.status).toBeLessThan(500)
    expect(res.body.code).toBe(0)
  })
})

describe('cursor', () => {
  it('round-trips a keyset position and refuses tampering or another sort', () => {
    const c = encodeCursor({ sort: 'price_asc', value: 1999, id: 42 })
    expect(decodeCursor(c, 'price_asc')).toEqual({ sort: 'price_asc', value: 1999, id: 42 })
    expect(() => decodeCursor(c, 'sales')).toThrow(AppError)
    for (const bad of ['', 'xyz', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["price_asc",1.5,2]').toString('base64url')]) {
      expect(() => decodeCursor(bad, 'price_asc')).toThrow('Invalid cursor')
    }
  })
})

describe('translateError', () => {
  it('reads the lang header as a SPEC code or a BCP 47 tag, and falls back to English, then to the key', () => {
    expect(translateError('Inventory shortage', 'en')).toBe('Not enough stock')
    expect(translateError('Inventory shortage', undefined)).toBe('Not enough stock')
    expect(translateError('Inventory shortage', 'klingon')).toBe('Not enough stock')
    expect(translateError('arabic-only', 'arabic')).toBe('arabic-only')
    expect(translateError('Inventory shortage', 'arabic')).toBe(translateError('Inventory shortage', 'ar-EG'))
    expect(translateError('Inventory shortage', 'jp')).toBe(translateError('Inventory shortage', 'ja'))
  })
})
