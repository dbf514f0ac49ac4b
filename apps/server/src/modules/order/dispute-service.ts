import type { CaseEvidence, EvidenceBody } from '@bazaar/contract/aftersales'
import {
  type CaseSide,
  disputeMessagesMax,
  disputePhotosMax,
  disputeTextsMax,
  evidenceMessagesListed,
} from '@bazaar/contract/aftersales-values'
import type { Order } from '@bazaar/contract/orders'
import type { Db, Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { messagesBetween } from '../chat/evidence-service.ts'
import { moveCase } from './case-moves.ts'
import { refuseMove } from './case-refusals.ts'
import { orderDetail } from './details.ts'
import { casePeople, evidenceItems, storeEvidence } from './evidence.ts'
import * as repo from './repo.ts'
import { orderSettings } from './rules-service.ts'

/**
 * Disputes as the two sides of a case meet them (issue 23): escalating a refused case or a
 * return reported damaged or missing to the platform, and adding evidence. The operators'
 * side is dispute-decision-service.ts.
 */

/** Who acts on a case: its buyer, or its shop's merchant. */
export type CaseParty = { side: 'buyer'; userId: number } | { side: 'merchant'; shopId: number }

const scopeOf = (who: CaseParty) => (who.side === 'buyer' ? { userId: who.userId } : { shopId: who.shopId })

/**
 * Escalates a case to the platform, by either side, once, within the escalation window
 * (`escalateByMs`), with that side's first evidence: the case becomes 'disputed' and a
 * dispute opens with the operators' deadline (order time rule `disputeDecisionMs`). Of
 * concurrent escalations exactly one opens it: the case moves conditionally, and a unique
 * index on the dispute's case is the second guard. The order is not settled meanwhile.
 * @returns the order as the escalating side sees it
 * @throws 'Order not found' | 'Dispute already opened' | 'Deadline passed' | 'Order status does not allow this' | 'Evidence not found' | 'Evidence limit reached'
 */
export async function escalate(db: Db, who: CaseParty, refundId: number, evidence: EvidenceBody, nowMs = Date.now()): Promise<Order> {
  const settings = await orderSettings(db.kysely)
  const scope = scopeOf(who)
  try {
    const orderId = await db.kysely.transaction().execute(async (trx) => {
      const row = await moveCase(trx, refundId, 'escalate', {}, nowMs, { ...scope, before: { column: 'escalate_by_ms', afterMs: nowMs } })
      if (!row) return refuseMove(trx, refundId, scope, 'escalate', nowMs)
      const dispute = await repo.insertDispute(trx, {
        refund_id: row.id,
        order_id: row.order_id,
        shop_id: row.shop_id,
        user_id: row.user_id,
        opened_by: who.side,
        opened_at_ms: nowMs,
        decide_by_ms: nowMs + settings.dispute_decision_ms,
      })
      await storeEvidence(trx, dispute, who.side, row, evidence, nowMs)
      return row.order_id
    })
    return await orderDetail(db.kysely, scope, orderId)
  } catch (error) {
    if (isUniqueViolation(error, 'disputes_refund_id_key')) throw new AppError('Dispute already opened')
    throw error
  }
}

/** A case of the party's and its dispute, if it has one. @throws 'Order not found' */
async function caseOf(trx: Trx, who: CaseParty, refundId: number) {
  const row = await repo.findCaseOf(trx, refundId, scopeOf(who))
  if (!row) throw new AppError('Order not found')
  const [dispute] = await repo.findDisputesOf(trx, [row.id])
  return { row, dispute }
}

/**
 * Adds evidence to a case's open dispute, by either side, until an operator decides.
 * @returns that side's evidence now
 * @throws 'Order not found' | 'Order status does not allow this' (no open dispute) | 'Evidence not found' | 'Evidence limit reached'
 */
export async function addEvidence(
  db: Db,
  who: CaseParty,
  refundId: number,
  evidence: EvidenceBody,
  nowMs = Date.now(),
): Promise<CaseEvidence> {
  await db.kysely.transaction().execute(async (trx) => {
    const { row, dispute } = await caseOf(trx, who, refundId)
    if (dispute?.status !== 'open') throw new AppError('Order status does not allow this')
    await storeEvidence(trx, dispute, who.side, row, evidence, nowMs)
  })
  return caseEvidence(db, who, refundId)
}

/**
 * One side's view of a case's evidence: what it added, the messages of its conversation
 * with the other side since the payment that it may pick, and what it may still add.
 * @throws 'Order not found'
 */
export async function caseEvidence(db: Db, who: CaseParty, refundId: number): Promise<CaseEvidence> {
  const trx = db.kysely
  const { row, dispute } = await caseOf(trx, who, refundId)
  const people = await casePeople(trx, row)
  const side: CaseSide = who.side
  return {
    items: dispute ? await evidenceItems(trx, dispute, row, side) : [],
    messages: await messagesBetween(trx, people.buyerId, people.merchantId, people.sinceMs, evidenceMessagesListed),
    photosLeft: disputePhotosMax - (dispute ? dispute[`${side}_photos`] : 0),
    messagesLeft: disputeMessagesMax - (dispute ? dispute[`${side}_messages`] : 0),
    textsLeft: disputeTextsMax - (dispute ? dispute[`${side}_texts`] : 0),
  }
}
