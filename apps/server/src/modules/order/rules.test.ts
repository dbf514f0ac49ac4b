import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'

describe('published rules', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t?.close())

  it('publishes the order times and network fees, and operators change them with an audit entry', async () => {
    const rules = (await t.get('/api/rules')).body.data
    expect(rules.orders).toEqual({
      unpaidCancelMs: 1_800_000,
      autoReceiveMs: 604_800_000,
      afterSalesMs: 604_800_000,
      refundResponseMs: 86_400_000,
    })
    expect(rules.networks.map((n: any) => n.code)).toEqual(['TRC20', 'ERC20', 'BEP20'])
    const next = { ...rules.orders, unpaidCancelMs: 900_000 }
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/orders', payload: next })).statusCode).toBe(401)
    const admin = await operatorHeaders(t)
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/orders', headers: admin, payload: next })
    expect(res.json().data.unpaidCancelMs).toBe(900_000)
    expect((await t.get('/api/rules')).body.data.orders.unpaidCancelMs).toBe(900_000)
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/settings/orders', headers: admin, payload: { ...next, unpaidCancelMs: 5 } }))
        .statusCode,
    ).toBe(400)
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json().data.items
    expect(audit[0]).toMatchObject({ action: 'settings.orders', targetId: 'orders' })
  })
})
