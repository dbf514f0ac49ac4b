import type { Trx } from '../../db/database.ts'

/** Saves a favourite unless the user has it already; returns whether it was new. */
export async function insertFavourite(db: Trx, userId: number, listingId: number, nowMs: number): Promise<boolean> {
  const added = await db
    .insertInto('favourites')
    .values({ user_id: userId, listing_id: listingId, created_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['user_id', 'listing_id']).doNothing())
    .executeTakeFirst()
  return Number(added.numInsertedOrUpdatedRows ?? 0) === 1
}

/** Removes a favourite; returns whether there was one. */
export async function deleteFavourite(db: Trx, userId: number, listingId: number): Promise<boolean> {
  const removed = await db.deleteFrom('favourites').where('user_id', '=', userId).where('listing_id', '=', listingId).executeTakeFirst()
  return Number(removed.numDeletedRows) === 1
}

/** A user's favourites, newest first, keyset after (createdAtMs, listingId); reads `limit + 1`. */
export function findFavouritePage(db: Trx, userId: number, after: { atMs: number; listingId: number } | undefined, limit: number) {
  let q = db.selectFrom('favourites').select(['listing_id', 'created_at_ms']).where('user_id', '=', userId)
  if (after)
    q = q.where((eb) =>
      eb.or([eb('created_at_ms', '<', after.atMs), eb.and([eb('created_at_ms', '=', after.atMs), eb('listing_id', '<', after.listingId)])]),
    )
  return q
    .orderBy('created_at_ms', 'desc')
    .orderBy('listing_id', 'desc')
    .limit(limit + 1)
    .execute()
}
