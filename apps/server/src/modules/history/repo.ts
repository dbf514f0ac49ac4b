import type { Trx } from '../../db/database.ts'

/** Records a view: a new row, or the existing one moved to `nowMs` (one row per user and listing). */
export function upsertView(db: Trx, userId: number, listingId: number, nowMs: number) {
  return db
    .insertInto('browsing_history')
    .values({ user_id: userId, listing_id: listingId, viewed_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['user_id', 'listing_id']).doUpdateSet({ viewed_at_ms: nowMs }))
    .execute()
}

/** The `keep`-th newest entry of a user (1-based), or undefined when there are fewer. */
export function findNthNewest(db: Trx, userId: number, keep: number) {
  return db
    .selectFrom('browsing_history')
    .select(['viewed_at_ms', 'listing_id'])
    .where('user_id', '=', userId)
    .orderBy('viewed_at_ms', 'desc')
    .orderBy('listing_id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst()
}

/** Deletes a user's entries older than (atMs, listingId) in the history's order. */
export function deleteOlderThan(db: Trx, userId: number, edge: { viewed_at_ms: number; listing_id: number }) {
  return db
    .deleteFrom('browsing_history')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('viewed_at_ms', '<', edge.viewed_at_ms),
        eb.and([eb('viewed_at_ms', '=', edge.viewed_at_ms), eb('listing_id', '<', edge.listing_id)]),
      ]),
    )
    .execute()
}

/** A user's history, newest first, keyset after (viewedAtMs, listingId); reads `limit + 1`. */
export function findHistoryPage(db: Trx, userId: number, after: { atMs: number; listingId: number } | undefined, limit: number) {
  let q = db.selectFrom('browsing_history').select(['listing_id', 'viewed_at_ms']).where('user_id', '=', userId)
  if (after)
    q = q.where((eb) =>
      eb.or([eb('viewed_at_ms', '<', after.atMs), eb.and([eb('viewed_at_ms', '=', after.atMs), eb('listing_id', '<', after.listingId)])]),
    )
  return q
    .orderBy('viewed_at_ms', 'desc')
    .orderBy('listing_id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** Deletes one entry, or every entry of the user when `listingId` is undefined; returns how many. */
export async function deleteEntries(db: Trx, userId: number, listingId: number | undefined): Promise<number> {
  let q = db.deleteFrom('browsing_history').where('user_id', '=', userId)
  if (listingId !== undefined) q = q.where('listing_id', '=', listingId)
  const result = await q.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** How many entries a user has. */
export async function countEntries(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('browsing_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
