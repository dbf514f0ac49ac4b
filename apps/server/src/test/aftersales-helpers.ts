import { CaseEvidence } from '@bazaar/contract/aftersales'
import type { CaseKind } from '@bazaar/contract/aftersales-values'
import { Order, type Refund } from '@bazaar/contract/orders'
import { WalletSummary } from '@bazaar/contract/wallet'
import type { z } from 'zod'
import { freshIp, type TestApp } from './app-harness.ts'
import { paidOrderOf, shipAndReceive } from './merchant-helpers.ts'
import { dataOf } from './replies.ts'
import { proofPng, uploadImage } from './wallet-helpers.ts'

type OrderOf = z.output<typeof Order>
type Who = { token: string }

/**
 * The helpers of the after-sales tests (issue 23): a received order, a case on it, the case
 * as each side reads it, and the ledger and message figures the tests compare.
 */

/** A paid order of `quantity` units, shipped by its merchant and received by its buyer. */
export async function receivedOrderOf(
  t: TestApp,
  buyer: { token: string; addressId: number },
  merchant: Who,
  line: { listingId: number; skuId: number; quantity: number },
  trackingNo = `AS${Date.now()}${Math.floor(Math.random() * 1000)}`,
): Promise<OrderOf> {
  const order = await paidOrderOf(t, buyer, line)
  return shipAndReceive(t, order.id, { merchant: merchant.token, buyer: buyer.token }, trackingNo)
}

/** Opens a case on the order's first line as its buyer; returns the case. */
export async function openCase(
  t: TestApp,
  buyer: Who,
  order: OrderOf,
  options: { kind?: CaseKind; quantity?: number; reason?: string } = {},
): Promise<Refund> {
  const body = {
    lineId: order.lines[0]!.id,
    quantity: options.quantity ?? order.lines[0]!.quantity,
    reason: options.reason ?? 'The lid arrived cracked',
    kind: options.kind ?? 'return_and_refund',
  }
  const opened = await t.post(`/api/orders/${order.id}/refunds`, body, { token: buyer.token, schema: Order })
  return opened.body.data.refunds.at(-1)!
}

/** A case as its buyer reads it, from the order detail. */
export async function caseAsBuyer(t: TestApp, buyer: Who, orderId: number, refundId: number): Promise<Refund> {
  const order = (await t.get(`/api/orders/${orderId}`, { token: buyer.token, schema: Order })).body.data
  return order.refunds.find((r) => r.id === refundId)!
}

/** A buyer's available balance in cents. */
export async function availableOf(t: TestApp, who: Who): Promise<number> {
  return (await t.get('/api/wallet', { token: who.token, schema: WalletSummary })).body.data.availableCents
}

/** A photo uploaded for a dispute's evidence; returns its upload id. */
export async function evidencePhoto(t: TestApp, who: Who): Promise<number> {
  return (await uploadImage(t, who.token, await proofPng(), 'evidence.png', 'dispute_evidence')).id
}

/** A side's evidence view of a case (buyer: /api/refunds, merchant: /api/shop/refunds). */
export async function evidenceOf(t: TestApp, who: Who, refundId: number, side: 'buyer' | 'merchant') {
  const path = side === 'buyer' ? `/api/refunds/${refundId}/evidence` : `/api/shop/refunds/${refundId}/evidence`
  return dataOf(CaseEvidence, await t.request('GET', path, undefined, { token: who.token, ip: freshIp() }))
}

/** The after-sales messages a user was sent about a case, oldest first (keys only). */
export async function caseMessages(t: TestApp, userId: number, refundId: number): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('order_messages')
    .select('message_key')
    .where('user_id', '=', userId)
    .where('modules', '=', 'aftersales')
    .where('modules_id', '=', refundId)
    .orderBy('id')
    .execute()
  return rows.map((r) => r.message_key)
}

/** How many ledger transfers of `kind` name the order. */
export async function transfersOf(t: TestApp, kind: string, orderId: number): Promise<number> {
  const rows = await t.db.kysely
    .selectFrom('ledger_transfers')
    .select('id')
    .where('kind', '=', kind)
    .where('order_id', '=', orderId)
    .execute()
  return rows.length
}
