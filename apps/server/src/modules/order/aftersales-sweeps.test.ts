import { AdminDisputePage } from '@bazaar/contract/disputes'
import { Order } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/database.ts'
import { availableOf, caseAsBuyer, caseMessages, openCase, receivedOrderOf, transfersOf } from '../../test/aftersales-helpers.ts'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { expectLedgerBalanced } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { parsePrometheus, sampleValue } from '../../test/prometheus.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { escalate } from './dispute-service.ts'
import { answerRefund } from './refund-service.ts'
import { rejectReturn, shipReturn } from './return-service.ts'
import { runOrderSweeps } from './sweeps.ts'

const dayMs = 86_400_000

/**
 * The after-sales deadlines (issue 23) with an injected clock, on SQLite and PostgreSQL:
 * each step's stored deadline moves the case by the sweep (the merchant silent, a return
 * not shipped, a return not confirmed, an escalation window unused), never a millisecond
 * early, once, logged; the operators' deadline moves nothing and shows overdue; two nodes
 * sweeping the same passing deadline move it once.
 */
describe.each(await testDialects())('after-sales deadlines on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: Awaited<ReturnType<typeof merchantSession>>
  let second: Db
  const logged: string[] = []
  const log = { error: () => undefined, info: (_obj: object, msg: string) => logged.push(msg) }
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
    merchant = await merchantSession(t, 'Gadget Harbor')
    // A second node: on PostgreSQL its own pool, as another server process would have.
    second = dialect === 'postgres' ? openDatabase({ databaseUrl: t.url, dataDir: t.dataDir, poolSize: 5 }) : t.db
  })
  afterAll(async () => {
    if (second !== t?.db) await second?.close()
    await t?.close()
  })

  let n = 0
  /** A received order of 2 units and a case on it as its buyer. */
  async function caseOnReceived(kind: 'refund_only' | 'return_and_refund') {
    const buyer = await shopper(t, admin, `deadline${++n}@example.com`)
    const sku = await skuOfShop(t, 'Gadget Harbor', n % 4)
    const order = await receivedOrderOf(t, buyer, merchant, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 })
    return { buyer, order, refund: await openCase(t, buyer, order, { kind }) }
  }
  const sweep = (nowMs: number, db: Db = t.db) => runOrderSweeps(db, nowMs, log)

  it('answers for a silent merchant at the deadline, not a millisecond before: refund only is refunded, return and refund agreed with return', async () => {
    const only = await caseOnReceived('refund_only')
    const back = await caseOnReceived('return_and_refund')
    const before = await availableOf(t, only.buyer)
    const dueMs = Math.max(only.refund.respondByMs, back.refund.respondByMs)
    expect((await sweep(Math.min(only.refund.respondByMs, back.refund.respondByMs) - 1)).cases).toBe(0)
    logged.length = 0
    expect((await sweep(dueMs)).cases).toBe(2)
    expect(await caseAsBuyer(t, only.buyer, only.order.id, only.refund.id)).toMatchObject({ status: 'succeeded', respondedAtMs: dueMs })
    expect(await availableOf(t, only.buyer)).toBe(before + only.order.lines[0]!.netPaidCents)
    const agreed = await caseAsBuyer(t, back.buyer, back.order.id, back.refund.id)
    expect(agreed).toMatchObject({ status: 'awaiting_return', respondedAtMs: dueMs, returnByMs: dueMs + 7 * dayMs })
    expect(await caseMessages(t, merchant.userId, only.refund.id)).toEqual(['aftersales.requested', 'aftersales.agreed'])
    expect(await caseMessages(t, back.buyer.userId, back.refund.id)).toEqual(['aftersales.requested', 'aftersales.returnRequested'])
    expect(logged.filter((m) => m.startsWith('after-sales:'))).toHaveLength(2)
    // Swept again: nothing more moves, nothing moves twice.
    expect((await sweep(dueMs + 1)).cases).toBe(0)
    expect(await transfersOf(t, 'order_refund', only.order.id)).toBe(1)
    // The buyer never ships the return: closed at its deadline, 7 days after the sweep agreed.
    expect((await sweep(dueMs + 7 * dayMs)).cases).toBe(1)
    expect((await caseAsBuyer(t, back.buyer, back.order.id, back.refund.id)).status).toBe('closed')
  })

  it('closes a return the buyer did not ship, refunds one the merchant did not confirm (not restocked), closes a refusal nobody escalated', async () => {
    const unshipped = await caseOnReceived('return_and_refund')
    const unconfirmed = await caseOnReceived('return_and_refund')
    const unescalated = await caseOnReceived('refund_only')
    const startMs = Date.now()
    for (const c of [unshipped, unconfirmed]) await answerRefund(t.db, merchant.shopId, c.refund.id, { action: 'agreeWithReturn' }, startMs)
    await shipReturn(t.db, unconfirmed.buyer.userId, unconfirmed.refund.id, { carrier: 'UPS', trackingNo: 'RET-77' }, startMs + dayMs)
    await answerRefund(t.db, merchant.shopId, unescalated.refund.id, { action: 'refuse', reason: 'Used' }, startMs)
    const paidBefore = await availableOf(t, unconfirmed.buyer)

    // The return's shipping time (7 days) ends first, with the escalation window (7 days).
    expect((await sweep(startMs + 7 * dayMs - 1)).cases).toBe(0)
    expect((await sweep(startMs + 7 * dayMs)).cases).toBe(2)
    expect(await caseAsBuyer(t, unshipped.buyer, unshipped.order.id, unshipped.refund.id)).toMatchObject({ status: 'closed' })
    // No refund; the after-sales window of that order had passed too, so it settled in the same pass.
    expect(await transfersOf(t, 'order_refund', unshipped.order.id)).toBe(0)
    expect((await t.get(`/api/orders/${unshipped.order.id}`, { token: unshipped.buyer.token, schema: Order })).body.data.status).toBe(
      'completed',
    )
    expect(await caseAsBuyer(t, unescalated.buyer, unescalated.order.id, unescalated.refund.id)).toMatchObject({ status: 'closed' })
    expect(await caseMessages(t, unshipped.buyer.userId, unshipped.refund.id)).toContain('aftersales.returnLapsed')
    expect(await caseMessages(t, unescalated.buyer.userId, unescalated.refund.id)).toContain('aftersales.closed')

    // The merchant's confirmation was due 7 days after the return shipped.
    expect((await sweep(startMs + 8 * dayMs - 1)).cases).toBe(0)
    expect((await sweep(startMs + 8 * dayMs)).cases).toBe(1)
    expect(await caseAsBuyer(t, unconfirmed.buyer, unconfirmed.order.id, unconfirmed.refund.id)).toMatchObject({
      status: 'succeeded',
      restocked: false,
    })
    expect(await availableOf(t, unconfirmed.buyer)).toBe(paidBefore + unconfirmed.order.lines[0]!.netPaidCents)
    await expectLedgerBalanced(t)
  })

  it("moves nothing when the operators' deadline passes: the dispute shows overdue in the queue and in /metrics", async () => {
    const c = await caseOnReceived('return_and_refund')
    const startMs = Date.now() - 5 * dayMs
    await answerRefund(t.db, merchant.shopId, c.refund.id, { action: 'agreeWithReturn' }, startMs)
    await shipReturn(t.db, c.buyer.userId, c.refund.id, { carrier: 'UPS', trackingNo: 'RET-88' }, startMs)
    await rejectReturn(t.db, merchant.shopId, c.refund.id, { problem: 'missing', note: 'Empty box' }, startMs)
    await escalate(
      t.db,
      { side: 'buyer', userId: c.buyer.userId },
      c.refund.id,
      { text: 'I sent it', photoIds: [], messageIds: [] },
      startMs,
    )
    const disputed = await caseAsBuyer(t, c.buyer, c.order.id, c.refund.id)
    expect(disputed.decideByMs).toBe(startMs + 3 * dayMs)
    expect((await sweep(Date.now() + 60 * dayMs)).cases).toBe(0)
    expect((await caseAsBuyer(t, c.buyer, c.order.id, c.refund.id)).status).toBe('disputed')
    const queue = (await t.get('/api/admin/disputes', { headers: admin, schema: AdminDisputePage })).body.data.items
    expect(queue.find((d) => d.refundId === c.refund.id)).toMatchObject({ overdue: true, status: 'open' })
    const metrics = parsePrometheus((await t.app.inject({ method: 'GET', url: '/metrics' })).body)
    expect(sampleValue(metrics, 'bazaar_disputes_overdue')).toBeGreaterThanOrEqual(1)
  })

  it('moves a case whose deadline passes while two nodes sweep once: one refund, one message each', async () => {
    const c = await caseOnReceived('refund_only')
    const before = await availableOf(t, c.buyer)
    const [a, b] = await Promise.all([sweep(c.refund.respondByMs, t.db), sweep(c.refund.respondByMs, second)])
    expect(a.cases + b.cases).toBe(1)
    expect(await transfersOf(t, 'order_refund', c.order.id)).toBe(1)
    expect(await availableOf(t, c.buyer)).toBe(before + c.order.lines[0]!.netPaidCents)
    expect(await caseMessages(t, c.buyer.userId, c.refund.id)).toEqual(['aftersales.requested', 'aftersales.agreed'])
    expect((await t.get(`/api/orders/${c.order.id}`, { token: c.buyer.token, schema: Order })).body.data.status).toBe('refunded')
    await expectLedgerBalanced(t)
  })
})
