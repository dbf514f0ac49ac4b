import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'

/** Queries of the operators' side of chat: the service inbox, flagged messages and the IM switch. */

/** Service conversations with a message, newest first, keyset before (lastAtMs, id); reads `limit + 1`. */
export function findServicePage(db: Trx, before: { atMs: number; id: number } | undefined, limit: number) {
  let q = db
    .selectFrom('chat_conversations as c')
    .leftJoin('chat_messages as last', (join) => join.onRef('last.conversation_id', '=', 'c.id').onRef('last.seq', '=', 'c.last_seq'))
    .select([
      'c.id',
      'c.low_user_id',
      'c.last_seq',
      'c.last_message_at_ms',
      'last.type as last_type',
      'last.body_json as last_body_json',
      'last.sender_user_id as last_sender_user_id',
      'last.recalled_at_ms as last_recalled_at_ms',
      (eb) =>
        eb
          .selectFrom('chat_messages as u')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('u.conversation_id', '=', 'c.id')
          .whereRef('u.seq', '>', 'c.service_read_seq')
          .where('u.sender_user_id', 'is not', null)
          .where('u.recalled_at_ms', 'is', null)
          .as('unread'),
    ])
    .where('c.kind', '=', 'service')
    .where('c.last_seq', '>', 0)
  if (before)
    q = q.where((eb) =>
      eb.or([
        eb('c.last_message_at_ms', '<', before.atMs),
        eb.and([eb('c.last_message_at_ms', '=', before.atMs), eb('c.id', '<', before.id)]),
      ]),
    )
  return q
    .orderBy('c.last_message_at_ms', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute()
}

export async function readService(db: Trx, conversationId: number, seq: number): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ service_read_seq: sql`case when service_read_seq < ${seq} then ${seq} else service_read_seq end` })
    .where('id', '=', conversationId)
    .execute()
}

/** Flagged messages, newest first, before `beforeId`; reads `limit + 1`. */
export function findFlaggedPage(db: Trx, beforeId: number | undefined, limit: number) {
  let q = db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender_user_id',
      'm.body_json',
      'm.flags_json',
      'm.created_at_ms',
      'c.low_user_id',
      'c.high_user_id',
    ])
    .where('m.flags_json', 'is not', null)
  if (beforeId !== undefined) q = q.where('m.id', '<', beforeId)
  return q
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute()
}

export function findImSettings(db: Trx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([])
  return db.selectFrom('chat_im_settings').select(['user_id', 'active']).where('user_id', 'in', userIds).execute()
}

export async function upsertImSetting(
  db: Trx,
  row: { user_id: number; active: number; updated_at_ms: number; updated_by_operator_id: number },
) {
  await db
    .insertInto('chat_im_settings')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ active: row.active, updated_at_ms: row.updated_at_ms, updated_by_operator_id: row.updated_by_operator_id }),
    )
    .execute()
}
