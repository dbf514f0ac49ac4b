import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../apps/server/src/test/app-harness.ts'
import { apiKeyOf } from '../../../apps/server/src/test/integration-helpers.ts'
import { paidOrderOf } from '../../../apps/server/src/test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../../apps/server/src/test/order-helpers.ts'
import { openTronRecharge, operatorHeaders } from '../../../apps/server/src/test/wallet-helpers.ts'

const run = promisify(execFile)
const script = path.resolve(import.meta.dirname, '../examples/ship-todays-paid-orders.ts')

/** The README's merchant script, run as a merchant would run it, against a server started on a fresh database. */
describe('the README example: list today’s paid orders and ship them', () => {
  let t: TestApp
  let baseUrl: string
  beforeAll(async () => {
    t = await createTestApp('sqlite')
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  }, 120_000)
  afterAll(async () => t?.close())

  it('ships the orders paid today with a key, leaves older ones, and ships nothing twice when run again', {
    timeout: 240_000,
  }, async () => {
    const admin = await operatorHeaders(t, 'client-ops@example.com')
    await openTronRecharge(t, admin)
    const merchant = await merchantSession(t, 'Gadget Harbor')
    const buyer = await shopper(t, admin, 'client-buyer@example.com', 5_000_000)
    const sku = await skuOfShop(t, 'Gadget Harbor', 0)
    const line = { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 1 }
    const today = [await paidOrderOf(t, buyer, line), await paidOrderOf(t, buyer, line)]
    const yesterday = await paidOrderOf(t, buyer, line)
    await t.db.kysely
      .updateTable('orders')
      .set({ paid_at_ms: Date.now() - 86_400_000 * 2 })
      .where('id', '=', yesterday.id)
      .execute()
    const key = await apiKeyOf(t, merchant.token, ['orders:read', 'orders:ship'], 'Warehouse script')

    const env = { ...process.env, BAZAAR_URL: baseUrl, BAZAAR_API_KEY: key.key }
    const first = await run(process.execPath, ['--import', 'tsx', script], { env })
    expect(first.stdout).toContain('2 order(s) paid today to ship')
    for (const order of today) expect(first.stdout).toContain(`${order.orderNo}: shipped, now to_receive`)
    const statuses = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        [...today, yesterday].map((o) => o.id),
      )
      .execute()
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      [today[0]!.id]: 'to_receive',
      [today[1]!.id]: 'to_receive',
      [yesterday.id]: 'to_ship',
    })
    const again = await run(process.execPath, ['--import', 'tsx', script], { env })
    expect(again.stdout).toContain('0 order(s) paid today to ship')
    // Without a key the script stops at once, saying where keys come from.
    await expect(run(process.execPath, ['--import', 'tsx', script], { env: { ...env, BAZAAR_API_KEY: '' } })).rejects.toThrow(
      /BAZAAR_API_KEY/,
    )
  })
})
