import { Order } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/database.ts'
import { availableOf, caseAsBuyer, openCase, receivedOrderOf, transfersOf } from '../../test/aftersales-helpers.ts'
import { createTestApp, freshIp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { expectLedgerBalanced } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { createOperator, loginOperator } from '../admin/service.ts'
import { runOrderSweeps } from './sweeps.ts'

const burst = 100

/**
 * Bursts of 100 where exactly one may win (CONTRIBUTING.md; issue 23), on SQLite and
 * PostgreSQL: escalations of one case by both sides (one dispute), decisions on one dispute
 * by two operators (one outcome, money moved once), and the merchant's confirmation of a
 * return against the deadline sweep on two nodes (one refund). Each was shown to fail on
 * PostgreSQL, where transactions run side by side, against a read-then-write version (read
 * the state, then update by id, no unique index on the dispute's case): 5 disputes of one
 * case; 3 operators' decisions answered 200 on one dispute (a rejection overwritten by
 * refunds); 4 of the merchant's confirmations answered 500 (the second refund of the same
 * units, stopped only by the ledger's own checks).
 */
describe.each(await testDialects())('after-sales under concurrency on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let merchant: Awaited<ReturnType<typeof merchantSession>>
  let second: Db
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await createOperator(t.db, { email: 'ops2@example.com', password: 'operator-password-2' })
    admin2 = { 'admin-token': (await loginOperator(t.db, 'ops2@example.com', 'operator-password-2')).token }
    await openTronRecharge(t, admin)
    merchant = await merchantSession(t, 'Casa Verde')
    second = dialect === 'postgres' ? openDatabase({ databaseUrl: t.url, dataDir: t.dataDir, poolSize: 5 }) : t.db
  })
  afterAll(async () => {
    if (second !== t?.db) await second?.close()
    await t?.close()
  })

  let n = 0
  /** A received order of 2 units with a 'return and refund' case on it. */
  async function returnCase() {
    const buyer = await shopper(t, admin, `burst${++n}@example.com`)
    const sku = await skuOfShop(t, 'Casa Verde', n % 3)
    const order = await receivedOrderOf(t, buyer, merchant, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 })
    return { buyer, order, refund: await openCase(t, buyer, order) }
  }
  const post = (url: string, body: object, who: { token?: string; headers?: Record<string, string> }) =>
    t.request('POST', url, body, { ...who, ip: freshIp() })
  const shopPost = (url: string, body: object = {}) => post(`/api/shop/refunds/${url}`, body, { token: merchant.token })
  const disputesOf = (refundId: number) => t.db.kysely.selectFrom('disputes').selectAll().where('refund_id', '=', refundId).execute()

  it('opens one dispute when both sides escalate one refused case 100 times at once', async () => {
    const { buyer, refund } = await returnCase()
    await shopPost(`${refund.id}/refuse`, { reason: 'Not faulty' })
    const evidence = { text: 'Please decide', photoIds: [], messageIds: [] }
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        i % 2 ? shopPost(`${refund.id}/escalate`, evidence) : post(`/api/refunds/${refund.id}/escalate`, evidence, buyer),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.msg))).toEqual(new Set(['Dispute already opened']))
    expect(await disputesOf(refund.id)).toHaveLength(1)
    // One statement of the one escalating side: the losers stored nothing.
    expect(await t.db.kysely.selectFrom('dispute_evidence').select('id').execute()).toHaveLength(1)
  })

  it('decides one dispute once when two operators approve and reject it 100 times at once: one outcome, money moved once', async () => {
    const { buyer, order, refund } = await returnCase()
    await shopPost(`${refund.id}/refuse`, { reason: 'Not faulty' })
    await post(`/api/refunds/${refund.id}/escalate`, { text: 'Faulty', photoIds: [], messageIds: [] }, buyer)
    const [dispute] = await disputesOf(refund.id)
    const before = await availableOf(t, buyer)
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => {
        const headers = i % 2 ? admin : admin2
        return i % 4 < 2
          ? post(`/api/admin/disputes/${dispute!.id}/approve`, { quantity: 2, reason: 'Faulty unit' }, { headers })
          : post(`/api/admin/disputes/${dispute!.id}/reject`, { reason: 'Works' }, { headers })
      }),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.msg)).toEqual(Array(burst - 1).fill('Request already handled'))
    const [decided] = await disputesOf(refund.id)
    const refunded = decided!.status === 'refunded'
    expect(await transfersOf(t, 'order_refund', order.id)).toBe(refunded ? 1 : 0)
    expect(await availableOf(t, buyer)).toBe(before + (refunded ? order.lines[0]!.netPaidCents : 0))
    const audits = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'dispute')
      .where('target_id', '=', String(dispute!.id))
      .execute()
    expect(audits).toHaveLength(1)
    await expectLedgerBalanced(t)
  })

  it("refunds a return once when the merchant's 100 confirmations meet the deadline sweep on two nodes", async () => {
    const { buyer, order, refund } = await returnCase()
    await shopPost(`${refund.id}/agree-return`)
    const shipped = await post(`/api/refunds/${refund.id}/return`, { carrier: 'DHL', trackingNo: 'RET-RACE-1' }, buyer)
    const dueMs = (shipped.body.data as { refunds: { confirmByMs: number }[] }).refunds[0]!.confirmByMs
    const before = await availableOf(t, buyer)
    const answers = await Promise.all(
      Array.from({ length: burst }, async (_, i) =>
        i % 2 ? shopPost(`${refund.id}/confirm-return`, { restock: true }) : (await runOrderSweeps(i % 4 ? t.db : second, dueMs)).cases,
      ),
    )
    const replies = answers.filter((a) => typeof a !== 'number')
    expect(replies.filter((a) => a.status >= 500)).toEqual([])
    const confirmed = replies.filter((a) => a.status === 200).length
    const swept = answers.reduce<number>((sum, a) => sum + (typeof a === 'number' ? a : 0), 0)
    expect(confirmed + swept).toBe(1)
    expect(await transfersOf(t, 'order_refund', order.id)).toBe(1)
    expect(await availableOf(t, buyer)).toBe(before + order.lines[0]!.netPaidCents)
    expect(await caseAsBuyer(t, buyer, order.id, refund.id)).toMatchObject({ status: 'succeeded', restocked: confirmed === 1 })
    expect((await t.get(`/api/orders/${order.id}`, { token: buyer.token, schema: Order })).body.data.status).toBe('refunded')
    await expectLedgerBalanced(t)
  })
})
