import type { Trx } from '../../db/database.ts'

/** A user's cart lines, newest first. */
export function findCartLines(db: Trx, userId: number) {
  return db.selectFrom('cart_items').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute()
}

/** A user's selected cart lines, oldest first (what checkout buys). */
export function findSelectedLines(db: Trx, userId: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'listing_id', 'sku_id', 'quantity'])
    .where('user_id', '=', userId)
    .where('selected', '=', 1)
    .orderBy('id')
    .execute()
}

/** One of a user's lines by id, or undefined. */
export function findLineById(db: Trx, userId: number, itemId: number) {
  return db.selectFrom('cart_items').selectAll().where('id', '=', itemId).where('user_id', '=', userId).executeTakeFirst()
}

/** A user's line of one listing SKU, or undefined. */
export function findLineBySku(db: Trx, userId: number, listingId: number, skuId: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('user_id', '=', userId)
    .where('listing_id', '=', listingId)
    .where('sku_id', '=', skuId)
    .executeTakeFirst()
}

/** How many lines a user's cart has. */
export async function countLines(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Adds a selected line. */
export function insertLine(db: Trx, row: { user_id: number; listing_id: number; sku_id: number; quantity: number; created_at_ms: number }) {
  return db
    .insertInto('cart_items')
    .values({ ...row, selected: 1 })
    .execute()
}

/** Changes a user's line's quantity or selection. */
export function updateLine(db: Trx, userId: number, itemId: number, changes: { quantity?: number; selected?: 0 | 1 }) {
  return db.updateTable('cart_items').set(changes).where('id', '=', itemId).where('user_id', '=', userId).execute()
}

/** Selects or clears every line of a user. */
export function selectAllLines(db: Trx, userId: number, selected: 0 | 1) {
  return db.updateTable('cart_items').set({ selected }).where('user_id', '=', userId).execute()
}

/** Deletes a user's lines with these ids (someone else's ids delete nothing). */
export function deleteLines(db: Trx, userId: number, ids: number[]) {
  return db.deleteFrom('cart_items').where('user_id', '=', userId).where('id', 'in', ids).execute()
}

/** Listing ids of a user's lines with these ids. */
export function findListingIdsOfLines(db: Trx, userId: number, ids: number[]) {
  return db.selectFrom('cart_items').select('listing_id').where('user_id', '=', userId).where('id', 'in', ids).execute()
}
