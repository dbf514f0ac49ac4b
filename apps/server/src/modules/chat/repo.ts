import type { ConversationKind } from '@bazaar/contract/chat-values'
import { type Insertable, type Selectable, sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { ChatConversationsTable, ChatMessagesTable } from './tables.ts'

export type ConversationRow = Selectable<ChatConversationsTable>
export type MessageRow = Selectable<ChatMessagesTable>

export function findConversationByKey(db: Trx, pairKey: string) {
  return db.selectFrom('chat_conversations').selectAll().where('pair_key', '=', pairKey).executeTakeFirst()
}

export function findConversation(db: Trx, id: number) {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Creates a conversation unless its pair already has one (a concurrent open); returns the pair's row. */
export async function insertConversation(
  db: Trx,
  row: { kind: ConversationKind; pair_key: string; low_user_id: number; high_user_id: number | null; created_at_ms: number },
): Promise<ConversationRow> {
  await db
    .insertInto('chat_conversations')
    .values(row)
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .execute()
  return db.selectFrom('chat_conversations').selectAll().where('pair_key', '=', row.pair_key).executeTakeFirstOrThrow()
}

/** Adds members to a conversation (no-op for those already in). */
export async function insertMembers(db: Trx, conversationId: number, userIds: number[]): Promise<void> {
  await db
    .insertInto('chat_members')
    .values(userIds.map((user_id) => ({ conversation_id: conversationId, user_id })))
    .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
    .execute()
}

/**
 * What sending needs in one statement: the conversation, if `userId` is a member of it, and
 * whether the sender's instant messaging is on (no switch row: on).
 */
export async function findSendContext(db: Trx, conversationId: number, userId: number) {
  const row = await db
    .selectFrom('chat_conversations as c')
    .innerJoin('chat_members as m', (join) => join.onRef('m.conversation_id', '=', 'c.id').on('m.user_id', '=', userId))
    .leftJoin('chat_im_settings as im', 'im.user_id', 'm.user_id')
    .selectAll('c')
    .select(['im.active as im_active', 'm.last_read_seq'])
    .where('c.id', '=', conversationId)
    .executeTakeFirst()
  if (!row) return undefined
  const { im_active, last_read_seq, ...conversation } = row
  return { conversation: conversation as ConversationRow, imActive: im_active !== 0, lastReadSeq: last_read_seq }
}

export function findMember(db: Trx, conversationId: number, userId: number) {
  return db
    .selectFrom('chat_members')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * Takes the conversation's next sequence number: one conditional increment, so on
 * PostgreSQL concurrent senders queue on the row lock and on SQLite on the write lock; the
 * unique (conversation_id, seq) index makes a repeat impossible either way.
 */
export async function takeNextSeq(db: Trx, conversationId: number, atMs: number): Promise<number> {
  const row = await db
    .updateTable('chat_conversations')
    .set({ last_seq: sql`last_seq + 1`, last_message_at_ms: atMs })
    .where('id', '=', conversationId)
    .returning('last_seq')
    .executeTakeFirstOrThrow()
  return row.last_seq
}

export function insertMessage(db: Trx, row: Insertable<ChatMessagesTable>) {
  return db.insertInto('chat_messages').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findMessage(db: Trx, id: number) {
  return db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findMessageByClientKey(db: Trx, conversationId: number, senderUserId: number, clientKey: string) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('sender_user_id', '=', senderUserId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst()
}

/** Messages of a conversation in sequence order: after `afterSeq` (ascending) or before `beforeSeq` (the latest first, returned ascending). */
export async function findMessages(
  db: Trx,
  conversationId: number,
  range: { afterSeq?: number; beforeSeq?: number; fromSeq: number; limit: number },
): Promise<MessageRow[]> {
  let q = db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).where('seq', '>', range.fromSeq)
  if (range.afterSeq !== undefined) q = q.where('seq', '>', range.afterSeq)
  if (range.beforeSeq !== undefined) q = q.where('seq', '<', range.beforeSeq)
  // After a sequence: the oldest first. Otherwise the newest page, read backwards.
  const forward = range.afterSeq !== undefined
  const rows = await q
    .orderBy('seq', forward ? 'asc' : 'desc')
    .limit(range.limit + 1)
    .execute()
  return forward ? rows : rows.reverse()
}

export async function markRecalled(db: Trx, messageId: number, atMs: number): Promise<boolean> {
  const result = await db
    .updateTable('chat_messages')
    .set({ recalled_at_ms: atMs })
    .where('id', '=', messageId)
    .where('recalled_at_ms', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Moves a member's marks forward (never back): read up to, hidden up to, cleared up to. */
export async function advanceMember(
  db: Trx,
  conversationId: number,
  userId: number,
  marks: { readSeq?: number; hiddenSeq?: number; clearedSeq?: number },
): Promise<void> {
  const greatest = (column: 'last_read_seq' | 'hidden_seq' | 'cleared_seq', value: number) =>
    sql<number>`case when ${sql.ref(column)} < ${value} then ${value} else ${sql.ref(column)} end`
  const set: Record<string, unknown> = {}
  if (marks.readSeq !== undefined) set.last_read_seq = greatest('last_read_seq', marks.readSeq)
  if (marks.hiddenSeq !== undefined) set.hidden_seq = greatest('hidden_seq', marks.hiddenSeq)
  if (marks.clearedSeq !== undefined) set.cleared_seq = greatest('cleared_seq', marks.clearedSeq)
  await db.updateTable('chat_members').set(set).where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute()
}

/** The user's conversations with messages after their read mark (at most `limit`): what reading all will move. */
export function findUnreadConversations(db: Trx, userId: number, limit: number) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.kind', 'c.low_user_id', 'c.high_user_id', 'c.last_seq'])
    .where('m.user_id', '=', userId)
    .whereRef('c.last_seq', '>', 'm.last_read_seq')
    .limit(limit)
    .execute()
}

/** Marks every conversation of a user read up to its last message. */
export async function readAll(db: Trx, userId: number): Promise<void> {
  await db
    .updateTable('chat_members')
    .set({
      last_read_seq: (eb) =>
        eb.selectFrom('chat_conversations').select('last_seq').whereRef('chat_conversations.id', '=', 'chat_members.conversation_id'),
    })
    .where('user_id', '=', userId)
    .execute()
}

/**
 * A user's chat list (SPEC §3 chat list entry): conversations with a message after the
 * member's hidden mark, newest first, each with its last message, its unread count — the
 * other party's messages after the member's last-read sequence, not recalled — and the other
 * party's own last-read sequence (operators' `service_read_seq` for customer service).
 */
export function findConversationList(db: Trx, userId: number, limit: number, onlyId?: number) {
  const q = db
    .selectFrom('chat_members as m')
    .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .leftJoin('chat_messages as last', (join) => join.onRef('last.conversation_id', '=', 'c.id').onRef('last.seq', '=', 'c.last_seq'))
    .select([
      'c.id',
      'c.kind',
      'c.low_user_id',
      'c.high_user_id',
      'c.last_seq',
      'c.last_message_at_ms',
      'm.cleared_seq',
      'last.type as last_type',
      'last.body_json as last_body_json',
      'last.sender_user_id as last_sender_user_id',
      'last.recalled_at_ms as last_recalled_at_ms',
      (eb) =>
        eb
          .selectFrom('chat_messages as u')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('u.conversation_id', '=', 'c.id')
          .whereRef('u.seq', '>', 'm.last_read_seq')
          .where((e) => e.or([e('u.sender_user_id', 'is', null), e('u.sender_user_id', '<>', userId)]))
          .where('u.recalled_at_ms', 'is', null)
          .as('unread'),
      // How far the other party has read: the other member of a direct conversation, operators of a service one.
      (eb) =>
        eb.fn
          .coalesce(
            eb
              .selectFrom('chat_members as p')
              .select('p.last_read_seq')
              .whereRef('p.conversation_id', '=', 'c.id')
              .where('p.user_id', '<>', userId)
              .limit(1),
            'c.service_read_seq',
          )
          .as('peer_read_seq'),
    ])
    .where('m.user_id', '=', userId)
  // One conversation (just opened): shown even when hidden or still empty.
  if (onlyId !== undefined) return q.where('c.id', '=', onlyId).execute()
  return q
    .whereRef('c.last_seq', '>', 'm.hidden_seq')
    .orderBy('c.last_message_at_ms', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
}

/** Whether `userId` has written in a conversation (a merchant may then answer). */
export async function hasWritten(db: Trx, conversationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('sender_user_id', '=', userId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export function findImSetting(db: Trx, userId: number) {
  return db.selectFrom('chat_im_settings').select('active').where('user_id', '=', userId).executeTakeFirst()
}

/** A conversation's messages sent at or after `sinceMs`, newest first, at most `limit` (a dispute's picker). */
export function findMessagesSince(db: Trx, conversationId: number, sinceMs: number, limit: number) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('created_at_ms', '>=', sinceMs)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute()
}

/** Those of `ids` that are messages of a conversation sent at or after `sinceMs`. */
export function findMessagesByIds(db: Trx, conversationId: number, ids: number[], sinceMs: number) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', 'in', ids)
    .where('created_at_ms', '>=', sinceMs)
    .execute()
}
