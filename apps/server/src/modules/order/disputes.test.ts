import { AuditPage } from '@bazaar/contract/admin'
import { AdminDispute, AdminDisputePage, DisputeDetail } from '@bazaar/contract/disputes'
import { Dashboard } from '@bazaar/contract/merchant-dashboard'
import { Order } from '@bazaar/contract/orders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  availableOf,
  caseAsBuyer,
  caseMessages,
  evidenceOf,
  evidencePhoto,
  openCase,
  receivedOrderOf,
  transfersOf,
} from '../../test/aftersales-helpers.ts'
import { createTestApp, type TestApp } from '../../test/app-harness.ts'
import { openChat } from '../../test/chat-helpers.ts'
import { testDialects } from '../../test/databases.ts'
import { expectLedgerBalanced } from '../../test/merchant-helpers.ts'
import { merchantSession, shopper, skuOfShop } from '../../test/order-helpers.ts'
import { openTronRecharge, operatorHeaders } from '../../test/wallet-helpers.ts'
import { createOperator, loginOperator } from '../admin/service.ts'
import { runOrderSweeps } from './sweeps.ts'

/**
 * Disputes (issue 23), on SQLite and PostgreSQL: a return reported damaged, escalated by the
 * buyer with a photo and a picked chat message, answered with the merchant's evidence; the
 * operator's queue and detail show both sides; a partial refund by units moves the money
 * once (a second operator is told it was handled), audited, with the reason both sides read;
 * a rejection moves nothing; the dashboard's refund and dispute rates count them.
 */
describe.each(await testDialects())('disputes on %s', (dialect) => {
  let t: TestApp
  let admin: Record<string, string>
  let admin2: Record<string, string>
  let merchant: Awaited<ReturnType<typeof merchantSession>>
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await operatorHeaders(t)
    await createOperator(t.db, { email: 'ops2@example.com', password: 'operator-password-2' })
    admin2 = { 'admin-token': (await loginOperator(t.db, 'ops2@example.com', 'operator-password-2')).token }
    await openTronRecharge(t, admin)
    merchant = await merchantSession(t, 'Atelier Nine')
  })
  afterAll(async () => t?.close())

  let n = 0
  /** A return of both units of a received order, shipped back and reported damaged by the merchant. */
  async function rejectedReturn() {
    const buyer = await shopper(t, admin, `dispute${++n}@example.com`)
    const sku = await skuOfShop(t, 'Atelier Nine', n % 3)
    const order = await receivedOrderOf(t, buyer, merchant, { listingId: sku.listing_id, skuId: sku.sku_id, quantity: 2 })
    const refund = await openCase(t, buyer, order)
    await t.post(`/api/shop/refunds/${refund.id}/agree-return`, {}, { token: merchant.token, schema: Order })
    await t.post(`/api/refunds/${refund.id}/return`, { carrier: 'DHL', trackingNo: `RET-${n}00` }, { token: buyer.token, schema: Order })
    const rejected = await t.post(
      `/api/shop/refunds/${refund.id}/reject-return`,
      { problem: 'damaged', note: 'The screen is smashed' },
      { token: merchant.token, schema: Order },
    )
    expect(rejected.body.data.refunds[0]).toMatchObject({
      status: 'return_rejected',
      returnProblem: 'damaged',
      returnNote: 'The screen is smashed',
    })
    return { buyer, order, refund }
  }

  it('escalates with evidence from both sides; the operator decides a partial refund once, audited, and both read the reason', async () => {
    const { buyer, order, refund } = await rejectedReturn()
    // A message of their conversation since the payment, picked by id.
    const chat = await openChat(t, buyer.token, { shopId: merchant.shopId })
    const said = await t.post(
      `/api/chat/conversations/${chat.id}/messages`,
      { type: 'text', text: 'It was packed well' },
      { token: buyer.token },
    )
    const messageId = (said.body.data as { id: number }).id
    const photo = await evidencePhoto(t, buyer)
    const picker = await evidenceOf(t, buyer, refund.id, 'buyer')
    expect(picker.messages.map((m) => m.id)).toContain(messageId)
    expect(picker).toMatchObject({ items: [], photosLeft: 6 })

    const escalated = await t.post(
      `/api/refunds/${refund.id}/escalate`,
      { text: 'It left here intact', photoIds: [photo], messageIds: [messageId] },
      { token: buyer.token, schema: Order },
    )
    expect(escalated.body.data.refunds[0]).toMatchObject({
      status: 'disputed',
      dispute: { status: 'open', openedBy: 'buyer', reason: null },
    })
    const theirPhoto = await evidencePhoto(t, merchant)
    const added = await t.post(
      `/api/shop/refunds/${refund.id}/evidence`,
      { text: 'See the cracks', photoIds: [theirPhoto], messageIds: [] },
      { token: merchant.token },
    )
    expect(added.status).toBe(200)
    expect((await evidenceOf(t, buyer, refund.id, 'buyer')).photosLeft).toBe(5)

    const queue = (await t.get('/api/admin/disputes', { headers: admin, schema: AdminDisputePage })).body.data.items
    const listed = queue.find((d) => d.refundId === refund.id)!
    expect(listed).toMatchObject({ status: 'open', overdue: false, quantity: 2, orderNo: order.orderNo, buyer: { id: buyer.userId } })
    const detail = (await t.get(`/api/admin/disputes/${listed.id}`, { headers: admin, schema: DisputeDetail })).body.data
    expect(detail.evidence.buyer.map((e) => e.kind)).toEqual(['text', 'photo', 'message'])
    expect(detail.evidence.buyer[2]!.message).toMatchObject({ id: messageId, content: { text: 'It was packed well' } })
    expect(detail.evidence.merchant.map((e) => [e.kind, e.text ?? e.photo?.uploadId])).toEqual([
      ['text', 'See the cracks'],
      ['photo', theirPhoto],
    ])
    // The operator opens the photos through the uploads route.
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${photo}`, headers: admin })).statusCode).toBe(200)

    const before = await availableOf(t, buyer)
    const oneUnit = Math.floor(order.lines[0]!.netPaidCents / 2)
    expect(await t.post(`/api/admin/disputes/${listed.id}/approve`, { quantity: 3, reason: 'Too many' }, { headers: admin })).toMatchObject(
      {
        status: 400,
        body: { msg: 'Refund quantity exceeds the units left' },
      },
    )
    const decided = await t.post(
      `/api/admin/disputes/${listed.id}/approve`,
      { quantity: 1, reason: 'One unit was damaged in transit' },
      { headers: admin, schema: AdminDispute },
    )
    expect(decided.body.data).toMatchObject({ status: 'refunded', refundedQuantity: 1, refundCents: oneUnit })
    expect(await t.post(`/api/admin/disputes/${listed.id}/reject`, { reason: 'No' }, { headers: admin2 })).toMatchObject({
      status: 409,
      body: { msg: 'Request already handled' },
    })
    expect(await availableOf(t, buyer)).toBe(before + oneUnit)
    expect(await transfersOf(t, 'order_refund', order.id)).toBe(1)
    const seen = await caseAsBuyer(t, buyer, order.id, refund.id)
    expect(seen).toMatchObject({
      status: 'succeeded',
      amountCents: oneUnit,
      dispute: { status: 'refunded', reason: 'One unit was damaged in transit' },
    })
    const asMerchant = (await t.get(`/api/shop/orders/${order.id}`, { token: merchant.token, schema: Order })).body.data
    expect(asMerchant.refunds[0]!.dispute).toMatchObject({ reason: 'One unit was damaged in transit', refundCents: oneUnit })
    for (const userId of [buyer.userId, merchant.userId])
      expect((await caseMessages(t, userId, refund.id)).slice(-2)).toEqual(['aftersales.escalated', 'aftersales.decidedRefund'])
    const audit = (await t.get('/api/admin/audit', { headers: admin, schema: AuditPage })).body.data.items
    expect(audit.find((a) => a.action === 'dispute.refund' && a.targetId === String(listed.id))).toBeDefined()
    // The line keeps one unit: the order settles the rest to the merchant at completion.
    expect((await runOrderSweeps(t.db, Date.now() + 30 * 86_400_000)).completed).toBeGreaterThanOrEqual(1)
    expect((await caseAsBuyer(t, buyer, order.id, refund.id)).status).toBe('succeeded')
    await expectLedgerBalanced(t)
  })

  it('rejects a dispute with a reason: the case closes and nothing moves; the dashboard counts cases and lost disputes over 30 days', async () => {
    const { buyer, order, refund } = await rejectedReturn()
    const opened = await t.post(
      `/api/shop/refunds/${refund.id}/escalate`,
      { text: 'The buyer broke it', photoIds: [], messageIds: [] },
      { token: merchant.token, schema: Order },
    )
    const dispute = opened.body.data.refunds[0]!.dispute!
    expect(dispute.openedBy).toBe('merchant')
    const before = await availableOf(t, buyer)
    const rejected = await t.post(
      `/api/admin/disputes/${dispute.id}/reject`,
      { reason: 'The photos show use' },
      { headers: admin2, schema: AdminDispute },
    )
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'The photos show use', refundCents: 0 })
    expect(await caseAsBuyer(t, buyer, order.id, refund.id)).toMatchObject({ status: 'closed', dispute: { status: 'rejected' } })
    expect(await availableOf(t, buyer)).toBe(before)
    expect(
      await t.post(`/api/refunds/${refund.id}/evidence`, { text: 'Late', photoIds: [], messageIds: [] }, { token: buyer.token }),
    ).toMatchObject({
      status: 409,
      body: { msg: 'Order status does not allow this' },
    })
    const board = (await t.get('/api/shop/dashboard', { token: merchant.token, schema: Dashboard })).body.data.afterSales
    // Two orders paid, two cases opened, one dispute lost (the first test's partial refund).
    expect(board).toEqual({ paidOrders: 2, cases: 2, disputesRefunded: 1, refundRateBp: 10_000, disputeRateBp: 5_000 })
  })
})
