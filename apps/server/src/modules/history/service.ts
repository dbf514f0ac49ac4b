import { historyMaxEntries } from '@bazaar/contract/history-values'
import type { HistoryPage, MemberPageQuery } from '@bazaar/contract/member'
import type { Db, Trx } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts'
import { assertListingExists, listingCards } from '../catalog/inventory-service.ts'
import * as repo from './repo.ts'

/**
 * Browsing history ('footprints', SPEC §2 member/history, §3 dynamic counts): the products a
 * signed-in user viewed, kept on the server, newest first, one entry per product (a second
 * view moves it up), the `historyMaxEntries` (200) newest only.
 */

/**
 * Records that the user viewed a product; entries beyond the 200 newest are dropped in the
 * same transaction.
 * @throws 'Product not found'
 */
export async function recordView(db: Db, userId: number, listingId: number, nowMs = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await assertListingExists(trx, listingId)
    await repo.upsertView(trx, userId, listingId, nowMs)
    const edge = await repo.findNthNewest(trx, userId, historyMaxEntries)
    if (edge) await repo.deleteOlderThan(trx, userId, edge)
  })
}

/**
 * The user's history, newest first, with each product's card (the shop groups it by day).
 * @throws 'Invalid cursor'
 */
export async function listHistory(db: Db, userId: number, query: MemberPageQuery): Promise<HistoryPage> {
  const after = query.cursor ? decodeCursor(query.cursor, 'history') : undefined
  const rows = await repo.findHistoryPage(db.kysely, userId, after && { atMs: after.value, listingId: after.id }, query.limit)
  const page = rows.slice(0, query.limit)
  const cards = await listingCards(
    db.kysely,
    page.map((r) => r.listing_id),
  )
  const last = page.at(-1)
  return {
    items: page.flatMap((r) => {
      const card = cards.get(r.listing_id)
      return card ? [{ listingId: r.listing_id, ...card, viewedAtMs: r.viewed_at_ms }] : []
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: 'history', value: last.viewed_at_ms, id: last.listing_id }) : null,
  }
}

/** Deletes one product from the user's history (absent is fine). */
export async function deleteFromHistory(db: Db, userId: number, listingId: number): Promise<void> {
  await repo.deleteEntries(db.kysely, userId, listingId)
}

/** Clears the user's history. */
export async function clearHistory(db: Db, userId: number): Promise<void> {
  await repo.deleteEntries(db.kysely, userId, undefined)
}

/** How many products the user's history holds (the member page's figure). */
export function historyCount(trx: Trx, userId: number): Promise<number> {
  return repo.countEntries(trx, userId)
}
