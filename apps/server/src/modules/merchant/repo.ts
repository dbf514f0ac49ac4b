import type { ApplicationStatus } from '@bazaar/contract/merchant-values'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { ShopApplicationsTable } from './tables.ts'

/** A user's latest application, or undefined. */
export function findLatest(db: Trx, userId: number) {
  return db.selectFrom('shop_applications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/** One application, or undefined. */
export function findApplication(db: Trx, id: number) {
  return db.selectFrom('shop_applications').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Inserts an application and returns it. */
export function insertApplication(db: Trx, row: Insertable<ShopApplicationsTable>) {
  return db.insertInto('shop_applications').values(row).returningAll().executeTakeFirstOrThrow()
}

/**
 * Decides an application under review with a conditional update, so of concurrent
 * decisions exactly one applies.
 * @returns the decided row, or undefined when it was no longer under review
 */
export function decideApplication(
  db: Trx,
  id: number,
  decision: { status: 'approved' | 'rejected'; reviewed_by_operator_id: number | null; reviewed_at_ms: number; reject_reason?: string },
) {
  return db
    .updateTable('shop_applications')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'under_review')
    .returningAll()
    .executeTakeFirst()
}

/** Records the shop an approval opened. */
export function setShop(db: Trx, id: number, shopId: number) {
  return db.updateTable('shop_applications').set({ shop_id: shopId }).where('id', '=', id).execute()
}

/** Applications in a status, oldest first, after an id; reads `limit + 1`. */
export function findPage(db: Trx, query: { status: ApplicationStatus; afterId?: number; limit: number }) {
  let q = db.selectFrom('shop_applications').selectAll().where('status', '=', query.status)
  if (query.afterId !== undefined) q = q.where('id', '>', query.afterId)
  return q
    .orderBy('id')
    .limit(query.limit + 1)
    .execute()
}

/** How many applications wait for review. */
export async function countUnderReview(db: Trx): Promise<number> {
  const row = await db
    .selectFrom('shop_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'under_review')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
