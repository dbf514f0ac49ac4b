import { multiLinePattern, singleLinePattern } from '@bazaar/contract/text-values'
import { Recharge } from '@bazaar/contract/wallet'
import type { HTTPMethods } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegisteredRoute } from './platform/route-groups.ts'
import { createTestApp, freshIp, type TestApp } from './test/app-harness.ts'
import { testDialects } from './test/databases.ts'
import { merchantSession } from './test/order-helpers.ts'
import {
  type OpenApiDocument,
  type Operation,
  operationOf,
  type SampleRequest,
  type TextField,
  textFieldsOf,
  withText,
} from './test/request-samples.ts'
import { buyerWithPaymentPassword, openTronRecharge, operatorHeaders, proofPng, uploadImage } from './test/wallet-helpers.ts'

/**
 * Control characters at the edge: every text field of every route (the route registry,
 * read through the OpenAPI document, so a new route is covered the day it is added) refuses
 * a NUL byte and the other C0 and C1 controls with 400 'Invalid parameters', naming the
 * field, on SQLite and PostgreSQL. Before this rule, PostgreSQL answered 500 to a NUL byte
 * in half of them (it cannot store one in text), the operators' login included.
 */

/** Controls no text field takes: NUL, BEL, BS, ESC, DEL, and from C1 NEL and CSI. */
const alwaysRefused = ['\u0000', '\u0007', '\u0008', '\u001b', '\u007f', '\u0085', '\u009b']
/** Line breaks and tabs: refused in single-line fields only. */
const lineBreaks = ['\n', '\r', '\t']

describe.each(await testDialects())('control characters on %s', (dialect) => {
  let t: TestApp
  let doc: OpenApiDocument
  let routes: { route: RegisteredRoute; op: Operation; fields: TextField[] }[]
  let headersFor: (route: RegisteredRoute) => Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    await t.app.ready()
    doc = t.app.swagger() as unknown as OpenApiDocument
    routes = t.app.routeRegistry.flatMap((route) => {
      const op = operationOf(doc, route)
      return op ? [{ route, op, fields: textFieldsOf(op) }] : []
    })
    const merchant = await merchantSession(t, 'Gadget Harbor')
    const admin = await operatorHeaders(t, 'text-ops@example.com')
    headersFor = (route): Record<string, string> => {
      if (route.access === 'operator') return admin
      if (route.access === 'public') return {}
      return { token: merchant.token }
    }
  })
  afterAll(async () => t?.close())

  /** Sends a sample request to a route with its group's session, from a fresh address (rate limits). */
  const send = (route: RegisteredRoute, request: SampleRequest) => {
    let url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(request.params[name] ?? '1'))
    const query = new URLSearchParams(request.query).toString()
    if (query) url += `?${query}`
    const body = request.body === undefined ? undefined : JSON.stringify(request.body)
    const headers = { ...headersFor(route), ...request.headers, ...(body ? { 'content-type': 'application/json' } : {}) }
    return t.request(route.method as HTTPMethods, url, body, { headers, ip: freshIp() })
  }

  it('finds the text fields of the routes that take text, from the document', () => {
    const named = routes.flatMap(({ route, fields }) => fields.map((f) => `${route.method} ${route.url} ${f.in}:${f.field}`))
    expect(named.length).toBeGreaterThan(40)
    expect(named).toEqual(
      expect.arrayContaining([
        'POST /api/admin/auth/login body:email',
        'POST /api/admin/auth/login body:password',
        'GET /api/products query:keywords',
        'PUT /api/admin/networks/:code path:code',
        'POST /api/wallet/recharges header:idempotency-key',
        'POST /api/orders body:remarks.1',
      ]),
    )
  })

  it('refuses a NUL byte and the other controls in every text field with 400, naming the field, never 500', async () => {
    const failures: string[] = []
    for (const { route, op, fields } of routes) {
      for (const field of fields) {
        const multiLine = isMultiLine(field)
        for (const control of [...alwaysRefused, ...(multiLine ? [] : lineBreaks)]) {
          const res = await send(route, withText(op, field, `ab${control}cd`))
          const fieldsAtFault = res.body.code === 1 ? undefined : res.body.data.fields
          const seen = { status: res.status, msg: res.body.msg, fields: fieldsAtFault }
          const wanted = { status: 400, msg: 'Invalid parameters', fields: { [field.field]: 'Invalid parameters' } }
          if (JSON.stringify(seen) !== JSON.stringify(wanted)) {
            failures.push(`${route.method} ${route.url} ${field.in}:${field.field} ${JSON.stringify(control)} → ${JSON.stringify(seen)}`)
          }
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('documents the text rule on every string field, so clients can check before sending', () => {
    const undocumented = routes.flatMap(({ route, fields }) =>
      fields
        .filter((f) => !f.schema.enum && !isSingleLine(f) && !isMultiLine(f))
        .map((f) => `${route.method} ${route.url} ${f.in}:${f.field}`),
    )
    expect(undocumented).toEqual([])
  })

  it('keeps line breaks and tabs in multi-line fields: an operator’s reason is stored as written', async () => {
    const multiLineFields = routes.flatMap(({ route, fields }) => fields.filter(isMultiLine).map((f) => `${route.url} ${f.field}`))
    expect(multiLineFields).toEqual(
      expect.arrayContaining([
        '/api/admin/recharges/:id/reject reason',
        '/api/admin/withdrawals/:id/reject reason',
        '/api/admin/shop-applications/:id/reject reason',
        '/api/admin/bond-requests/:id/reject reason',
        '/api/orders/:id/refunds reason',
        '/api/shop/refunds/:id/refuse reason',
      ]),
    )
    const admin = await operatorHeaders(t, 'text-reviewer@example.com')
    await openTronRecharge(t, admin)
    const buyer = await buyerWithPaymentPassword(t, 'text-buyer@example.com')
    const proof = await uploadImage(t, buyer.token, await proofPng())
    const filed = await t.post(
      '/api/wallet/recharges',
      { networkCode: 'TRC20', amountCents: 500, proofUploadId: proof.id },
      { token: buyer.token, schema: Recharge },
    )
    const reason = 'Blurry proof.\n\tPlease upload a sharper screenshot.'
    const rejected = await t.post(`/api/admin/recharges/${filed.body.data.id}/reject`, { reason }, { headers: admin, schema: Recharge })
    expect(rejected.body.data.rejectReason).toBe(reason)
  })
})

/** The documented patterns of a field (one, or several under `allOf`). */
const patternsOf = (field: TextField) =>
  [field.schema.pattern, ...(field.schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => p !== undefined)

/** A field whose document carries the text rule's single-line pattern. */
function isSingleLine(field: TextField): boolean {
  return patternsOf(field).includes(singleLinePattern.source)
}

/** A field whose document carries the multi-line pattern (line breaks and tabs kept). */
function isMultiLine(field: TextField): boolean {
  return patternsOf(field).includes(multiLinePattern.source)
}
