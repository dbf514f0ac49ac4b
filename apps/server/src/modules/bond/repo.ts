import type { BondAgreementStatus } from '@bazaar/contract/bond-values'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { BondLevelsTable, BondRequestsTable } from './tables.ts'

/** The level table, lowest first. */
export function findLevels(db: Trx) {
  return db.selectFrom('bond_levels').selectAll().orderBy('level').execute()
}

/** Replaces the level table. */
export async function replaceLevels(db: Trx, rows: Insertable<BondLevelsTable>[]) {
  await db.deleteFrom('bond_levels').execute()
  await db.insertInto('bond_levels').values(rows).execute()
}

/** Inserts an agreement and returns it. */
export function insertRequest(db: Trx, row: Insertable<BondRequestsTable>) {
  return db.insertInto('bond_requests').values(row).returningAll().executeTakeFirstOrThrow()
}

/** One agreement, or undefined. */
export function findRequest(db: Trx, id: number) {
  return db.selectFrom('bond_requests').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A shop's agreements, newest first (at most `limit`). */
export function findShopRequests(db: Trx, shopId: number, limit: number) {
  return db.selectFrom('bond_requests').selectAll().where('shop_id', '=', shopId).orderBy('id', 'desc').limit(limit).execute()
}

/** A shop's processing request, or undefined. */
export function findProcessing(db: Trx, shopId: number) {
  return db.selectFrom('bond_requests').select('id').where('shop_id', '=', shopId).where('status', '=', 'processing').executeTakeFirst()
}

/**
 * Decides a processing request with a conditional update, so of concurrent decisions
 * exactly one applies.
 * @returns the decided row, or undefined when it was no longer processing
 */
export function decideRequest(
  db: Trx,
  id: number,
  decision: { status: BondAgreementStatus; decided_by_operator_id: number; decided_at_ms: number; reject_reason?: string },
) {
  return db
    .updateTable('bond_requests')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst()
}

/** Sets the amount an approved request returned. */
export function setAmount(db: Trx, id: number, amountCents: number) {
  return db.updateTable('bond_requests').set({ amount_cents: amountCents }).where('id', '=', id).execute()
}

/** Agreements in a status, oldest first, after an id; reads `limit + 1`. */
export function findRequestPage(db: Trx, query: { status: BondAgreementStatus; afterId?: number; limit: number }) {
  let q = db.selectFrom('bond_requests').selectAll().where('status', '=', query.status)
  if (query.afterId !== undefined) q = q.where('id', '>', query.afterId)
  return q
    .orderBy('id')
    .limit(query.limit + 1)
    .execute()
}

/** How many requests wait for an operator. */
export async function countProcessing(db: Trx): Promise<number> {
  const row = await db
    .selectFrom('bond_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'processing')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
