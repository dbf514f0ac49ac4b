import type { FavouritePage } from '@bazaar/contract/cart'
import type { z } from 'zod'
import type { Db, Trx } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { assertListingExists, changeFollowers, listingCards } from '../catalog/inventory-service.ts'
import * as repo from './repo.ts'

/**
 * Saves listings to the user's favourite goods (SPEC §2 collect, goods tab) inside the
 * caller's transaction, counting the listing's followers once per user.
 * @throws 'Product not found'
 */
export async function addFavourites(trx: Trx, userId: number, listingIds: number[]): Promise<void> {
  for (const listingId of listingIds) {
    await assertListingExists(trx, listingId)
    if (await repo.insertFavourite(trx, userId, listingId, Date.now())) await changeFollowers(trx, listingId, 1)
  }
}

/**
 * Saves one listing to favourites (the goods page's heart).
 * @throws 'Product not found'
 */
export async function addFavourite(db: Db, userId: number, listingId: number): Promise<void> {
  await db.kysely.transaction().execute((trx) => addFavourites(trx, userId, [listingId]))
}

/** Removes a listing from the user's favourites. */
export async function removeFavourite(db: Db, userId: number, listingId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    if (await repo.deleteFavourite(trx, userId, listingId)) await changeFollowers(trx, listingId, -1)
  })
}

/**
 * The user's favourite goods, newest first, cursor-paginated.
 * @throws 'Invalid cursor'
 */
export async function listFavourites(
  db: Db,
  userId: number,
  query: { cursor?: string; limit: number },
): Promise<z.infer<typeof FavouritePage>> {
  const after = query.cursor ? decodeCursor(query.cursor, 'favourites') : undefined
  const rows = await repo.findFavouritePage(db.kysely, userId, after && { atMs: after.value, listingId: after.id }, query.limit)
  const page = rows.slice(0, query.limit)
  const cards = await listingCards(
    db.kysely,
    page.map((r) => r.listing_id),
  )
  const last = page.at(-1)
  return {
    items: page.flatMap((r) => {
      const card = cards.get(r.listing_id)
      return card ? [{ listingId: r.listing_id, ...card, createdAtMs: r.created_at_ms }] : []
    }),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ sort: 'favourites', value: last.created_at_ms, id: last.listing_id }) : null,
  }
}
