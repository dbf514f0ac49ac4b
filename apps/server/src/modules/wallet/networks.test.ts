import { Network } from '@bazaar/contract/wallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { operatorHeaders, tronAddress } from '../../test/wallet-helpers.ts'

describe.each(await testDialects())('PUT /api/admin/networks/:code on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t, 'networks-ops@example.com')
  })
  afterAll(async () => t?.close())

  const settings = {
    withdrawalFeeCents: 100,
    withdrawalMinCents: 1000,
    withdrawalMaxCents: 1_000_000,
    monthlyWithdrawalCap: 10,
    withdrawalsEnabled: true,
  }
  const put = (depositAddress: string) => t.put('/api/admin/networks/TRC20', { ...settings, depositAddress }, { headers: admin })

  it('names the deposit address and why when it is refused, so the console shows it beside the field', async () => {
    for (const [depositAddress, key] of [
      [`${tronAddress.slice(0, -1)}9`, 'Invalid address'],
      [`T${'x'.repeat(120)}`, 'Invalid address'],
      [`${tronAddress}\u0000`, 'Invalid parameters'],
    ] as const) {
      expect(await put(depositAddress)).toMatchObject({ status: 400, body: { msg: key, data: { fields: { depositAddress: key } } } })
    }
    const saved = await put(tronAddress)
    expect(saved).toMatchObject({ status: 200, body: { data: { depositAddress: tronAddress } } })
    Network.parse(saved.body.data)
  })
})
