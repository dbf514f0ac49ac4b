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

/** How many favourite goods a user has. */
export async function countFavourites(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('favourites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Follows a shop unless the user does already; returns whether the follow is new. */
export async function insertFollow(db: Trx, userId: number, shopId: number, nowMs: number): Promise<boolean> {
  const added = await db
    .insertInto('shop_follows')
    .values({ user_id: userId, shop_id: shopId, created_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['user_id', 'shop_id']).doNothing())
    .executeTakeFirst()
  return Number(added.numInsertedOrUpdatedRows ?? 0) === 1
}

/** Unfollows a shop; returns whether the user followed it. */
export async function deleteFollow(db: Trx, userId: number, shopId: number): Promise<boolean> {
  const removed = await db.deleteFrom('shop_follows').where('user_id', '=', userId).where('shop_id', '=', shopId).executeTakeFirst()
  return Number(removed.numDeletedRows) === 1
}

/** Whether a user follows a shop. */
export async function isFollowing(db: Trx, userId: number, shopId: number): Promise<boolean> {
  const row = await db
    .selectFrom('shop_follows')
    .select('shop_id')
    .where('user_id', '=', userId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst()
  return row !== undefined
}

/** How many shops a user follows. */
export async function countFollows(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('shop_follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A user's followed shops, newest first, keyset after (createdAtMs, shopId); reads `limit + 1`. */
export function findFollowPage(db: Trx, userId: number, after: { atMs: number; shopId: number } | undefined, limit: number) {
  let q = db.selectFrom('shop_follows').select(['shop_id', 'created_at_ms']).where('user_id', '=', userId)
  if (after)
    q = q.where((eb) =>
      eb.or([eb('created_at_ms', '<', after.atMs), eb.and([eb('created_at_ms', '=', after.atMs), eb('shop_id', '<', after.shopId)])]),
    )
  return q
    .orderBy('created_at_ms', 'desc')
    .orderBy('shop_id', 'desc')
    .limit(limit + 1)
    .execute()
}
