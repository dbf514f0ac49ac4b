import { AuditPage } from '@bazaar/contract/admin'
import { OrderRules } from '@bazaar/contract/orders'
import { Network } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { operatorHeaders } from '../../test/wallet-helpers.ts'

/** What `GET /api/rules` answers: the order times and the networks with their fees. */
const Rules = z.object({ orders: OrderRules, networks: z.array(Network) })

describe('published rules', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(async () => t?.close())

  it('publishes the order times and network fees, and operators change them with an audit entry', async () => {
    const rules = (await t.get('/api/rules', { schema: Rules })).body.data
    expect(rules.orders).toEqual({
      unpaidCancelMs: 1_800_000,
      autoReceiveMs: 604_800_000,
      afterSalesMs: 604_800_000,
      refundResponseMs: 86_400_000,
      shipByMs: 3 * 86_400_000,
      returnShipMs: 7 * 86_400_000,
      returnConfirmMs: 7 * 86_400_000,
      escalationMs: 7 * 86_400_000,
      disputeDecisionMs: 3 * 86_400_000,
    })
    expect(rules.networks.map((n) => n.code)).toEqual(['TRC20', 'ERC20', 'BEP20'])
    const next = { ...rules.orders, unpaidCancelMs: 900_000 }
    expect((await t.put('/api/admin/settings/orders', next)).status).toBe(401)
    const admin = await operatorHeaders(t)
    const res = await t.put('/api/admin/settings/orders', next, { headers: admin, schema: OrderRules })
    expect(res.body.data.unpaidCancelMs).toBe(900_000)
    expect((await t.get('/api/rules', { schema: Rules })).body.data.orders.unpaidCancelMs).toBe(900_000)
    expect((await t.put('/api/admin/settings/orders', { ...next, unpaidCancelMs: 5 }, { headers: admin })).status).toBe(400)
    // The after-sales limits go as low as one minute (issue 23), so a trial run can watch a deadline pass.
    const minute = {
      refundResponseMs: 60_000,
      returnShipMs: 60_000,
      returnConfirmMs: 60_000,
      escalationMs: 60_000,
      disputeDecisionMs: 60_000,
    }
    expect(
      (await t.put('/api/admin/settings/orders', { ...next, ...minute }, { headers: admin, schema: OrderRules })).body.data,
    ).toMatchObject(minute)
    expect((await t.put('/api/admin/settings/orders', { ...next, escalationMs: 59_999 }, { headers: admin })).status).toBe(400)
    const audit = (await t.get('/api/admin/audit', { headers: admin, schema: AuditPage })).body.data.items
    expect(audit[0]).toMatchObject({ action: 'settings.orders', targetId: 'orders' })
  })
})
