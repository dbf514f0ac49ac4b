import type { CaseSide, DisputeStatus } from '@bazaar/contract/aftersales-values'
import { disputeMessagesMax, disputePhotosMax, disputeTextsMax } from '@bazaar/contract/aftersales-values'
import { type Insertable, sql, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { DisputeEvidenceTable, DisputesTable } from './tables.ts'

/* The order module's queries of disputes and their evidence (issue 23). */

/** Inserts a case's dispute; a second one for the same case violates `disputes.refund_id`'s unique index. */
export function insertDispute(db: Trx, row: Insertable<DisputesTable>) {
  return db.insertInto('disputes').values(row).returningAll().executeTakeFirstOrThrow()
}

/** The disputes of cases, by case id. */
export function findDisputesOf(db: Trx, refundIds: number[]) {
  return refundIds.length === 0 ? Promise.resolve([]) : db.selectFrom('disputes').selectAll().where('refund_id', 'in', refundIds).execute()
}

/** One dispute, or undefined. */
export function findDispute(db: Trx, disputeId: number) {
  return db.selectFrom('disputes').selectAll().where('id', '=', disputeId).executeTakeFirst()
}

/**
 * Counts evidence one side adds to an open dispute in the statement that checks the limits
 * (contract aftersales-values: photos, messages, statements per side), so concurrent
 * additions never pass them together.
 * @returns whether it was counted (false: decided meanwhile, or over a limit)
 */
export async function countEvidence(
  db: Trx,
  disputeId: number,
  side: CaseSide,
  added: { photos: number; messages: number; texts: number },
): Promise<boolean> {
  const photos = `${side}_photos` as const
  const messages = `${side}_messages` as const
  const texts = `${side}_texts` as const
  const result = await db
    .updateTable('disputes')
    .set((eb) => ({
      [photos]: eb(photos, '+', added.photos),
      [messages]: eb(messages, '+', added.messages),
      [texts]: eb(texts, '+', added.texts),
    }))
    .where('id', '=', disputeId)
    .where('status', '=', 'open')
    .where(sql<boolean>`${sql.ref(photos)} + ${added.photos} <= ${disputePhotosMax}`)
    .where(sql<boolean>`${sql.ref(messages)} + ${added.messages} <= ${disputeMessagesMax}`)
    .where(sql<boolean>`${sql.ref(texts)} + ${added.texts} <= ${disputeTextsMax}`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Stores pieces of evidence. */
export async function insertEvidence(db: Trx, rows: Insertable<DisputeEvidenceTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('dispute_evidence').values(rows).execute()
}

/** A dispute's evidence, oldest first (one side's, or both). */
export function findEvidence(db: Trx, disputeId: number, side?: CaseSide) {
  let q = db.selectFrom('dispute_evidence').selectAll().where('dispute_id', '=', disputeId)
  if (side) q = q.where('side', '=', side)
  return q.orderBy('id').execute()
}

/**
 * Decides an open dispute with a conditional update whose row count decides: of two
 * operators deciding at once, exactly one does.
 * @returns the decided dispute, or undefined when it was not open
 */
export function decideDispute(db: Trx, disputeId: number, decision: Updateable<DisputesTable> & { status: DisputeStatus }) {
  return db.updateTable('disputes').set(decision).where('id', '=', disputeId).where('status', '=', 'open').returningAll().executeTakeFirst()
}

/** Sets what a decided dispute refunded to the buyer. */
export function setDisputeRefund(db: Trx, disputeId: number, refundCents: number) {
  return db.updateTable('disputes').set({ refund_cents: refundCents }).where('id', '=', disputeId).execute()
}

/** Disputes in a state, oldest first, after an id; reads `limit + 1`. */
export function findDisputePage(db: Trx, status: DisputeStatus, afterId: number | undefined, limit: number) {
  let q = db.selectFrom('disputes').selectAll().where('status', '=', status)
  if (afterId !== undefined) q = q.where('id', '>', afterId)
  return q
    .orderBy('id')
    .limit(limit + 1)
    .execute()
}

/** How many open disputes are past the operators' deadline. */
export async function countOverdueDisputes(db: Trx, nowMs: number): Promise<number> {
  const row = await db
    .selectFrom('disputes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .where('decide_by_ms', '<', nowMs)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
