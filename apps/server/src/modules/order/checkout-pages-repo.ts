import type { Trx } from '../../db/database.ts'

/* The order module's queries of the checkout pages (re-exported by repo.ts). */

/**
 * Takes the row of a buyer's confirm page, creating it on its first submit, and returns its id
 * and the fingerprint of its last submit ('' before the first). The upsert locks the row until
 * the transaction ends (PostgreSQL: a second submit of the page waits here for the first to
 * commit, then reads what it made; SQLite: one writer at a time), so the submits of one page
 * never run side by side.
 */
export async function lockCheckoutPage(
  db: Trx,
  userId: number,
  pageKey: string,
  nowMs: number,
): Promise<{ id: number; requestHash: string }> {
  const row = await db
    .insertInto('checkout_pages')
    .values({ user_id: userId, page_key: pageKey, request_hash: '', created_at_ms: nowMs, submitted_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['user_id', 'page_key']).doUpdateSet({ submitted_at_ms: nowMs }))
    .returning(['id', 'request_hash'])
    .executeTakeFirstOrThrow()
  return { id: row.id, requestHash: row.request_hash }
}

/** A buyer's confirm page by its key, without locking it (the preview reads it), or undefined. */
export function findCheckoutPage(db: Trx, userId: number, pageKey: string) {
  return db
    .selectFrom('checkout_pages')
    .select(['id', 'request_hash'])
    .where('user_id', '=', userId)
    .where('page_key', '=', pageKey)
    .executeTakeFirst()
}

/** Records the fingerprint of what a page submitted last. */
export async function setCheckoutPageHash(db: Trx, pageId: number, requestHash: string): Promise<void> {
  await db.updateTable('checkout_pages').set({ request_hash: requestHash }).where('id', '=', pageId).execute()
}

/** The orders a confirm page made that still wait for payment (due or past due), in id order. */
export function findUnpaidOfPage(db: Trx, pageId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'pay_by_ms', 'coupon_held_id'])
    .where('checkout_page_id', '=', pageId)
    .where('status', '=', 'pending_payment')
    .orderBy('id')
    .execute()
}
