import type { Db } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { imageRef } from '../catalog/image-ref.ts'

/**
 * Saves listings to the user's favourite goods (SPEC §2 collect, goods tab) and counts the
 * listing's followers once per user.
 * @throws 'Product not found'
 */
export async function addFavourites(db: Db, userId: number, listingIds: number[]): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    for (const listingId of listingIds) {
      const listing = await trx.selectFrom('listings').select('id').where('id', '=', listingId).executeTakeFirst()
      if (!listing) throw new AppError('Product not found')
      const added = await trx
        .insertInto('favourites')
        .values({ user_id: userId, listing_id: listingId, created_at_ms: Date.now() })
        .onConflict((oc) => oc.columns(['user_id', 'listing_id']).doNothing())
        .executeTakeFirst()
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 1)
        await trx
          .updateTable('listings')
          .set((eb) => ({ followers: eb('followers', '+', 1) }))
          .where('id', '=', listingId)
          .execute()
    }
  })
}

/** Removes a listing from the user's favourites. */
export async function removeFavourite(db: Db, userId: number, listingId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('favourites').where('user_id', '=', userId).where('listing_id', '=', listingId).executeTakeFirst()
    if (Number(removed.numDeletedRows) === 1)
      await trx
        .updateTable('listings')
        .set((eb) => ({ followers: eb('followers', '-', 1) }))
        .where('id', '=', listingId)
        .where('followers', '>', 0)
        .execute()
  })
}

/** The user's favourite goods, newest first, cursor-paginated. */
export async function listFavourites(db: Db, userId: number, query: { cursor?: string; limit: number }) {
  const after = query.cursor ? decodeCursor(query.cursor, 'favourites') : undefined
  let q = db.kysely
    .selectFrom('favourites as f')
    .innerJoin('listings as l', 'l.id', 'f.listing_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('shops as s', 's.id', 'l.shop_id')
    .leftJoin('product_images as i', 'i.id', 'l.main_image_id')
    .select([
      'f.listing_id',
      'f.created_at_ms',
      'p.title',
      'l.price_cents',
      's.id as shop_id',
      's.name as shop_name',
      'i.id as image_id',
      'i.width',
      'i.height',
    ])
    .where('f.user_id', '=', userId)
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('f.created_at_ms', '<', after.value),
        eb.and([eb('f.created_at_ms', '=', after.value), eb('f.listing_id', '<', after.id)]),
      ]),
    )
  const rows = await q
    .orderBy('f.created_at_ms', 'desc')
    .orderBy('f.listing_id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page.map((r) => ({
      listingId: r.listing_id,
      title: r.title,
      priceCents: r.price_cents,
      image: imageRef(r.image_id, r.width, r.height),
      shop: { id: r.shop_id, name: r.shop_name },
      createdAtMs: r.created_at_ms,
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ sort: 'favourites', value: last.created_at_ms, id: last.listing_id }) : null,
  }
}
