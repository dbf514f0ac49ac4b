import { type RefundAction, type RefundStatus, refundTransitions } from '@bazaar/contract/aftersales-values'
import type { OrderMessageKey, OrderMessageParams } from '@bazaar/contract/order-messages'
import type { Updateable } from 'kysely'
import { emitAfterCommit } from '../../db/commit-events.ts'
import type { Trx } from '../../db/database.ts'
import { recordWebhookEvents } from '../integrations/outbox-service.ts'
import { merchantOf } from './merchant-money.ts'
import { storeOrderMessage } from './messages.ts'
import * as repo from './repo.ts'
import type { RefundsTable } from './tables.ts'

declare module '../../db/commit-events.ts' {
  interface CommitEvents {
    /**
     * An after-sales case was opened or moved (issue 23), announced once committed: the one
     * place every case change passes (`caseChanged`), for webhooks and anything else that
     * follows cases.
     */
    'aftersales.moved': CaseMoved
  }
}

/** A case change as announced after commit. */
export interface CaseMoved {
  refundId: number
  refundNo: string
  orderId: number
  shopId: number
  buyerUserId: number
  /** The move of the contract's table, or 'apply' for a new case. */
  action: RefundAction | 'apply'
  status: RefundStatus
  atMs: number
}

/** A case row as the repo returns it. */
export type CaseRow = NonNullable<Awaited<ReturnType<typeof repo.findRefund>>>

/** The message both sides read about a move (contract order-messages), or null for none. */
function messageOf(
  action: CaseMoved['action'],
  row: CaseRow,
  reason: string | undefined,
): { key: OrderMessageKey; reason?: string } | null {
  switch (action) {
    case 'apply':
      return { key: 'aftersales.requested' }
    case 'agree':
    case 'autoAgree':
      return { key: 'aftersales.agreed' }
    case 'agreeWithReturn':
    case 'autoAgreeWithReturn':
      return { key: 'aftersales.returnRequested' }
    case 'refuse':
      return { key: 'aftersales.refused', reason: row.refuse_reason ?? '' }
    case 'shipReturn':
      return { key: 'aftersales.returnShipped' }
    case 'returnLapsed':
      return { key: 'aftersales.returnLapsed' }
    case 'confirmReturn':
    case 'autoConfirmReturn':
      return { key: 'aftersales.returnConfirmed' }
    case 'rejectReturn':
      return {
        key: row.return_problem === 'missing' ? 'aftersales.returnMissing' : 'aftersales.returnDamaged',
        reason: row.return_note ?? '',
      }
    case 'escalate':
      return { key: 'aftersales.escalated' }
    case 'escalationLapsed':
      return { key: 'aftersales.closed' }
    case 'decideRefund':
      return { key: 'aftersales.decidedRefund', reason: reason ?? '' }
    case 'decideReject':
      return { key: 'aftersales.decidedReject', reason: reason ?? '' }
    // The ship-by sweep tells the buyer about the whole order ('order.notShipped').
    case 'shipByRefund':
      return null
  }
}

/** A refund's webhook data (integrations outbox): ids, number and the amount asked (or refunded, once decided). */
export function refundData(
  refund: { id: number; refund_no: string; order_id: number; amount_cents: number | bigint },
  order?: { order_no: string },
) {
  return {
    refundId: refund.id,
    refundNo: refund.refund_no,
    orderId: refund.order_id,
    amountCents: Number(refund.amount_cents),
    ...(order && { orderNo: order.order_no }),
  }
}

/**
 * Tells both sides of a case what happened, in its transaction: a message in each one's
 * message centre (logistics tab), pushed over the websocket once committed, the
 * 'aftersales.moved' event, and the merchant's webhooks of a new case and of a refusal. Every case change comes through here (a new case, `moveCase`).
 * @param reason the operator's reason of a dispute decision (both sides read it)
 */
export async function caseChanged(trx: Trx, row: CaseRow, action: CaseMoved['action'], nowMs: number, reason?: string): Promise<void> {
  const message = messageOf(action, row, reason)
  // The merchant's webhooks: a new case, and the shop's refusal ('refund.decided' agreed is
  // recorded where the money moves, `refundCase`, with the amount refunded).
  if (action === 'apply') {
    const [order] = await repo.findOrders(trx, [row.order_id])
    await recordWebhookEvents(trx, [{ shopId: row.shop_id, type: 'refund.requested', data: refundData(row, order) }])
  } else if (action === 'refuse')
    await recordWebhookEvents(trx, [{ shopId: row.shop_id, type: 'refund.decided', data: { ...refundData(row), decision: 'refused' } }])
  if (message) {
    const [order] = await repo.findOrders(trx, [row.order_id])
    const params: Record<string, string> = { refundNo: row.refund_no, orderNo: order?.order_no ?? '' }
    if (message.reason !== undefined) params.reason = message.reason
    if (message.key === 'aftersales.returnShipped') {
      params.carrier = row.return_carrier ?? ''
      params.trackingNo = row.return_tracking_no ?? ''
    }
    for (const userId of [row.user_id, await merchantOf(trx, row.shop_id)])
      await storeOrderMessage(trx, {
        userId,
        key: message.key,
        // Built for this key above; the bundle test holds every key's parameters.
        params: params as OrderMessageParams<OrderMessageKey>,
        modules: 'aftersales',
        modulesId: row.id,
      })
  }
  await emitAfterCommit(trx, 'aftersales.moved', {
    refundId: row.id,
    refundNo: row.refund_no,
    orderId: row.order_id,
    shopId: row.shop_id,
    buyerUserId: row.user_id,
    action,
    status: row.status,
    atMs: nowMs,
  })
}

/**
 * Moves a case by one move of the contract's table (`refundTransitions`) with a conditional
 * update whose row count decides, then tells both sides (`caseChanged`). A move that ends the
 * case stamps `ended_at_ms`.
 * @returns the moved case, or undefined when it was not in a state the move starts from, or
 *   the guard (owner, deadline) failed: nothing changed
 */
export async function moveCase(
  trx: Trx,
  refundId: number,
  action: RefundAction,
  changes: Updateable<RefundsTable>,
  nowMs: number,
  guard: repo.CaseGuard = {},
  reason?: string,
): Promise<CaseRow | undefined> {
  const move = refundTransitions[action]
  const ends = move.to === 'succeeded' || move.to === 'closed'
  const row = await repo.moveRefund(trx, refundId, move, ends ? { ...changes, ended_at_ms: nowMs } : changes, guard)
  if (!row) return undefined
  await caseChanged(trx, row, action, nowMs, reason)
  return row
}
