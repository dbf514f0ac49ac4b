import { Order } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  availableOf,
  caseAsBuyer,
  caseMessages,
  evidencePhoto,
  openCase,
  receivedOrderOf,
  transfersOf,
} from '../../test/aftersales-helpers.ts'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { testDialects } from '../../test/databases.ts'
import { balanceByCode, expectLedgerBalanced, paidOrderOf } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { dataOf } from '../../test/replies.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { escalate } from './dispute-service.ts'
import { answerRefund, applyRefund } from './refund-service.ts'
import { runOrderSweeps } from './sweeps.ts'

const dayMs = 86_400_000

/**
 * After-sales cases by the people of them (issue 23), on SQLite and PostgreSQL: the return
 * with its tracking, the money at the merchant's confirmation, the moves each state refuses,
 * and the settlement that waits for open cases. Deadlines set by a given clock call the
 * services with it (as the sweeps take `nowMs`).
 */
describe.each(await testDialects())('after-sales cases on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let merchant: Awaited<ReturnType<typeof merchantSession>>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await openTronRecharge(t, admin)
    merchant = await merchantSession(t, 'Casa Verde')
  })
  afterAll(async () => t?.close())

  const line = async (offset: number, quantity: number) => {
    const sku = await skuOfShop(t, 'Casa Verde', offset)
    return { listingId: sku.listing_id, skuId: sku.sku_id, quantity }
  }
  const stockOf = async (l: { listingId: number; skuId: number }) =>
    (
      await t.db.kysely
        .selectFrom('listing_skus')
        .select('stock')
        .where('listing_id', '=', l.listingId)
        .where('sku_id', '=', l.skuId)
        .executeTakeFirstOrThrow()
    ).stock
  const shop = (path: string, body: object = {}) => t.post(`/api/shop/refunds/${path}`, body, { token: merchant.token })

  it('return and refund: agreed with return, the buyer enters the tracking, the merchant confirms and restocks: the money moves at confirmation, the purchase price stays paid', async () => {
    const buyer = await shopper(t, admin, 'return-restock@example.com')
    const bought = await line(2, 2)
    const order = await receivedOrderOf(t, buyer, merchant, bought)
    const refund = await openCase(t, buyer, order)
    expect(refund).toMatchObject({ kind: 'return_and_refund', status: 'applied', quantity: 2, dispute: null })
    expect(refund.respondByMs - refund.appliedAtMs).toBe(dayMs)

    const agreed = dataOf(Order, await shop(`${refund.id}/agree-return`)).refunds.find((r) => r.id === refund.id)!
    expect(agreed).toMatchObject({ status: 'awaiting_return' })
    expect(agreed.returnByMs! - agreed.respondedAtMs!).toBe(7 * dayMs)
    const before = await availableOf(t, buyer)
    const shipped = await t.post(
      `/api/refunds/${refund.id}/return`,
      { carrier: 'DHL', trackingNo: 'RET-40021' },
      { token: buyer.token, schema: Order },
    )
    const returning = shipped.body.data.refunds.find((r) => r.id === refund.id)!
    expect(returning).toMatchObject({ status: 'returning', returnCarrier: 'DHL', returnTrackingNo: 'RET-40021' })
    expect(returning.confirmByMs! - returning.returnShippedAtMs!).toBe(7 * dayMs)
    expect(await availableOf(t, buyer)).toBe(before)

    const stockBefore = await stockOf(bought)
    const confirmed = dataOf(Order, await shop(`${refund.id}/confirm-return`, { restock: true })).refunds.find((r) => r.id === refund.id)!
    expect(confirmed).toMatchObject({ status: 'succeeded', restocked: true, amountCents: order.lines[0]!.netPaidCents })
    expect(confirmed.endedAtMs).not.toBeNull()
    expect(await availableOf(t, buyer)).toBe(before + order.lines[0]!.netPaidCents)
    expect(await stockOf(bought)).toBe(stockBefore + 2)
    // The goods shipped: their purchase price is the merchant's risk, never returned.
    expect(await transfersOf(t, 'purchase_return', order.id)).toBe(0)
    const steps = ['aftersales.requested', 'aftersales.returnRequested', 'aftersales.returnShipped', 'aftersales.returnConfirmed']
    expect(await caseMessages(t, buyer.userId, refund.id)).toEqual(steps)
    expect(await caseMessages(t, merchant.userId, refund.id)).toEqual(steps)
    await expectLedgerBalanced(t)
  })

  it('refuses the moves a case does not allow, and changes nothing', async () => {
    const buyer = await shopper(t, admin, 'wrong-moves@example.com')
    const other = await shopper(t, admin, 'not-mine@example.com', 0)
    const unshipped = await paidOrderOf(t, buyer, await line(3, 1))
    const asReturn = { lineId: unshipped.lines[0]!.id, quantity: 1, reason: 'Changed my mind', kind: 'return_and_refund' }
    expect(await t.post(`/api/orders/${unshipped.id}/refunds`, asReturn, { token: buyer.token })).toMatchObject({
      status: 400,
      body: { msg: 'A return needs a shipped order' },
    })
    const refundOnly = await openCase(t, buyer, unshipped, { kind: 'refund_only' })
    expect(await shop(`${refundOnly.id}/agree-return`)).toMatchObject({ status: 409, body: { msg: 'This refund takes no return' } })
    expect(
      await t.post(`/api/refunds/${refundOnly.id}/return`, { carrier: 'DHL', trackingNo: 'RET-1' }, { token: buyer.token }),
    ).toMatchObject({
      status: 409,
      body: { msg: 'Order status does not allow this' },
    })
    const evidence = { text: 'It never came', photoIds: [], messageIds: [] }
    expect(await t.post(`/api/refunds/${refundOnly.id}/escalate`, evidence, { token: buyer.token })).toMatchObject({
      status: 409,
      body: { msg: 'Order status does not allow this' },
    })
    expect(await t.post(`/api/refunds/${refundOnly.id}/escalate`, evidence, { token: other.token })).toMatchObject({
      status: 404,
      body: { msg: 'Order not found' },
    })
    // A refusal after the answer's deadline: the sweep answers for the merchant then.
    await expect(
      answerRefund(t.db, merchant.shopId, refundOnly.id, { action: 'refuse', reason: 'Late' }, refundOnly.respondByMs),
    ).rejects.toMatchObject({
      key: 'Deadline passed',
    })
    expect((await caseAsBuyer(t, buyer, unshipped.id, refundOnly.id)).status).toBe('applied')

    const refused = dataOf(Order, await shop(`${refundOnly.id}/refuse`, { reason: 'Already packed' })).refunds[0]!
    expect(refused).toMatchObject({ status: 'refused', refuseReason: 'Already packed' })
    expect(refused.escalateByMs! - refused.respondedAtMs!).toBe(7 * dayMs)
    // Evidence must be the escalating person's own, and within the limits.
    const theirs = await evidencePhoto(t, other)
    expect(
      await t.post(`/api/refunds/${refundOnly.id}/escalate`, { ...evidence, photoIds: [theirs] }, { token: buyer.token }),
    ).toMatchObject({
      status: 400,
      body: { msg: 'Evidence not found' },
    })
    const seven = Array.from({ length: 7 }, (_, i) => i + 1)
    expect(
      (await t.post(`/api/refunds/${refundOnly.id}/escalate`, { ...evidence, photoIds: seven }, { token: buyer.token })).body.msg,
    ).toBe('Evidence limit reached')
    await expect(
      escalate(t.db, { side: 'buyer', userId: buyer.userId }, refundOnly.id, evidence, refused.escalateByMs!),
    ).rejects.toMatchObject({ key: 'Deadline passed' })
    expect((await caseAsBuyer(t, buyer, unshipped.id, refundOnly.id)).status).toBe('refused')
    expect(await t.db.kysely.selectFrom('disputes').select('id').where('refund_id', '=', refundOnly.id).execute()).toEqual([])

    const escalated = dataOf(Order, await t.post(`/api/refunds/${refundOnly.id}/escalate`, evidence, { token: buyer.token }))
    expect(escalated.refunds[0]).toMatchObject({ status: 'disputed', dispute: { status: 'open', openedBy: 'buyer' } })
    expect(await shop(`${refundOnly.id}/escalate`, evidence)).toMatchObject({ status: 409, body: { msg: 'Dispute already opened' } })
    expect(await t.post(`/api/orders/${unshipped.id}/refunds`, { ...asReturn, kind: 'refund_only' }, { token: buyer.token })).toMatchObject(
      {
        status: 409,
        body: { msg: 'A refund is already open for this item' },
      },
    )
  })

  it('settles no order while a case is open, inside its escalation window or in dispute; settles once the case closed', async () => {
    const buyer = await shopper(t, admin, 'settle-wait@example.com')
    const order = await receivedOrderOf(t, buyer, merchant, await line(4, 1))
    const receivedMs = order.receivedAtMs!
    const escrow = () => balanceByCode(t, `escrow:${order.id}:order`)
    const held = await escrow()
    // Asked on the sixth day of the after-sales window, refused at once.
    const body = { lineId: order.lines[0]!.id, quantity: 1, reason: 'Stopped working', kind: 'refund_only' as const }
    const refund = (await applyRefund(t.db, buyer.userId, order.id, body, receivedMs + 6 * dayMs)).refunds[0]!
    await answerRefund(t.db, merchant.shopId, refund.id, { action: 'refuse', reason: 'Works here' }, receivedMs + 6 * dayMs)
    // The window closed a day ago, but the refusal's escalation window is open: nothing settles.
    expect(await runOrderSweeps(t.db, receivedMs + 8 * dayMs)).toMatchObject({ cases: 0, completed: 0 })
    expect(await escrow()).toBe(held)
    // Escalated: still nothing, however late the sweep.
    await escalate(
      t.db,
      { side: 'buyer', userId: buyer.userId },
      refund.id,
      { text: 'Broken', photoIds: [], messageIds: [] },
      receivedMs + 9 * dayMs,
    )
    expect(await runOrderSweeps(t.db, receivedMs + 40 * dayMs)).toMatchObject({ cases: 0, completed: 0 })
    expect(await escrow()).toBe(held)
    const [dispute] = await t.db.kysely.selectFrom('disputes').select('id').where('refund_id', '=', refund.id).execute()
    await t.post(`/api/admin/disputes/${dispute!.id}/reject`, { reason: 'Works as described' }, { headers: admin })
    expect((await runOrderSweeps(t.db, receivedMs + 40 * dayMs)).completed).toBeGreaterThanOrEqual(1)
    expect(await escrow()).toBe(0)
    expect((await t.get(`/api/orders/${order.id}`, { token: buyer.token, schema: Order })).body.data.status).toBe('completed')
    await expectLedgerBalanced(t)
  })
})
