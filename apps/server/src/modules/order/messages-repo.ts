import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { OrderMessagesTable } from './tables.ts'

/** Queries of the order messages the message tabs show (SPEC §2 message tabs). */

/** Stores messages, one statement for any number; returns the rows as stored. */
export function insertMessageRows(db: Trx, rows: Insertable<OrderMessagesTable>[]) {
  return db.insertInto('order_messages').values(rows).returningAll().execute()
}

/** A user's messages of some modules, newest first, before `beforeId`; reads `limit + 1`. */
export function findMessagePage(db: Trx, userId: number, modules: readonly string[], beforeId: number | undefined, limit: number) {
  let q = db.selectFrom('order_messages').selectAll().where('user_id', '=', userId).where('modules', 'in', modules)
  if (beforeId !== undefined) q = q.where('id', '<', beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** Unread messages of a user per module. */
export function countUnreadByModule(db: Trx, userId: number) {
  return db
    .selectFrom('order_messages')
    .select(['modules', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('user_id', '=', userId)
    .where('read_at_ms', 'is', null)
    .groupBy('modules')
    .execute()
}

/** Marks a user's unread messages of some modules read (one of them when `id` is given); returns how many. */
export async function markRead(db: Trx, userId: number, modules: readonly string[], id: number | undefined, nowMs: number) {
  let q = db
    .updateTable('order_messages')
    .set({ read_at_ms: nowMs })
    .where('user_id', '=', userId)
    .where('modules', 'in', modules)
    .where('read_at_ms', 'is', null)
  if (id !== undefined) q = q.where('id', '=', id)
  const result = await q.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Whether a user has ever placed an order with a shop (a merchant may then write to them first). */
export async function hasOrderWithShop(db: Trx, userId: number, shopId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('shop_id', '=', shopId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
