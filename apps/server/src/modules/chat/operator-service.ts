import type { ChatMessage, FlaggedMessage, HistoryQuery, MessagePage, ServiceConversation } from '@bazaar/contract/chat'
import type { SafetyFlag } from '@bazaar/contract/chat-values'
import type { Db } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { decodeCursor, encodeCursor, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { userSummaries } from '../auth/service.ts'
import type { ChatDeps } from './deps.ts'
import { lastMessageOf, peerOf, profilesOf, toChatMessage } from './mappers.ts'
import * as opsRepo from './operator-repo.ts'
import * as repo from './repo.ts'
import { publishMessage } from './send-service.ts'
import { messagePage } from './service.ts'

/**
 * Customer service's inbox: buyers' service conversations, the latest first, with what the
 * operators have not read yet.
 * @throws 'Invalid cursor'
 */
export async function serviceInbox(db: Db, query: { cursor?: string; limit: number }) {
  const before = query.cursor ? decodeCursor(query.cursor, 'service') : undefined
  const rows = await opsRepo.findServicePage(db.kysely, before ? { atMs: before.value, id: before.id } : undefined, query.limit)
  const page = rows.slice(0, query.limit)
  const buyers = await userSummaries(
    db.kysely,
    page.map((r) => r.low_user_id),
  )
  const items: ServiceConversation[] = page.map((r) => ({
    id: r.id,
    buyer: { id: r.low_user_id, nickname: buyers.get(r.low_user_id)?.nickname ?? '', email: buyers.get(r.low_user_id)?.email ?? '' },
    unread: Number(r.unread ?? 0),
    lastSeq: r.last_seq,
    lastAtMs: r.last_message_at_ms,
    last: lastMessageOf(r, -1),
  }))
  const last = page.at(-1)
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor({ sort: 'service', value: last.last_message_at_ms ?? 0, id: last.id }) : null
  return { items, nextCursor }
}

/** A service conversation. @throws 'Conversation not found' */
async function serviceConversation(db: Db, conversationId: number) {
  const conversation = await repo.findConversation(db.kysely, conversationId)
  if (conversation?.kind !== 'service') throw new AppError('Conversation not found')
  return conversation
}

/** A page of a service conversation for operators (everything, cleared or not). @throws 'Conversation not found' */
export async function serviceHistory(db: Db, conversationId: number, query: HistoryQuery): Promise<MessagePage> {
  return messagePage(db.kysely, await serviceConversation(db, conversationId), 0, query)
}

/**
 * An operator's answer to a buyer: stored with the conversation's next sequence and pushed
 * to the buyer (SPEC kind `service`); it also marks the conversation read for operators, and
 * tells the buyer so (push `read`).
 * @throws 'Conversation not found'
 */
export async function serviceReply(deps: ChatDeps, operatorId: number, conversationId: number, text: string): Promise<ChatMessage> {
  const conversation = await serviceConversation(deps.db, conversationId)
  const row = await deps.db.kysely.transaction().execute(async (trx) => {
    const nowMs = Date.now()
    const seq = await repo.takeNextSeq(trx, conversation.id, nowMs)
    const stored = await repo.insertMessage(trx, {
      conversation_id: conversation.id,
      seq,
      sender_user_id: null,
      sender_operator_id: operatorId,
      type: 'text',
      body_json: JSON.stringify({ text }),
      flags_json: null,
      client_key: null,
      created_at_ms: nowMs,
      recalled_at_ms: null,
    })
    await opsRepo.readService(trx, conversation.id, seq)
    return stored
  })
  const message = toChatMessage(row, conversation, new Map())
  await publishMessage(deps, conversation, message)
  // Answering reads what the buyer wrote before it.
  await tellBuyer(deps, conversation, message.seq)
  return message
}

/**
 * Marks a service conversation read for operators up to `seq` (all by default); when the mark
 * moves, the buyer is told (push `read`: their messages up to it show 'read').
 * @throws 'Conversation not found'
 */
export async function serviceRead(deps: ChatDeps, conversationId: number, seq?: number): Promise<void> {
  const conversation = await serviceConversation(deps.db, conversationId)
  const readSeq = Math.min(seq ?? conversation.last_seq, conversation.last_seq)
  await opsRepo.readService(deps.db.kysely, conversationId, readSeq)
  if (readSeq > conversation.service_read_seq) await tellBuyer(deps, conversation, readSeq)
}

/** Tells the buyer of a service conversation that operators have read up to `seq`. */
function tellBuyer(deps: ChatDeps, conversation: repo.ConversationRow, seq: number): Promise<void> {
  return deps.hub.toUsers([conversation.low_user_id], { kind: 'read', data: { conversationId: conversation.id, seq } })
}

/**
 * Merchants' messages the safety rules flagged (chat/safety.ts), newest first.
 * @throws 'Invalid cursor'
 */
export async function flaggedMessages(db: Db, query: { cursor?: string; limit: number }) {
  const beforeId = query.cursor ? decodeCursor(query.cursor, 'flagged').id : undefined
  const rows = await opsRepo.findFlaggedPage(db.kysely, beforeId, query.limit)
  const page = rows.slice(0, query.limit)
  const people = page.flatMap((r) => [r.sender_user_id ?? 0, peerOf({ kind: 'direct', ...r }, r.sender_user_id ?? 0)])
  const profiles = await profilesOf(db.kysely, people)
  const nameOf = (id: number) => ({ id, name: profiles.get(id)?.name ?? '' })
  const items: FlaggedMessage[] = page.map((r) => ({
    id: r.id,
    conversationId: r.conversation_id,
    from: nameOf(r.sender_user_id ?? 0),
    to: nameOf(peerOf({ kind: 'direct', ...r }, r.sender_user_id ?? 0)),
    text: (JSON.parse(r.body_json) as { text?: string }).text ?? '',
    flags: JSON.parse(r.flags_json ?? '[]') as SafetyFlag[],
    createdAtMs: r.created_at_ms,
  }))
  return { items, nextCursor: nextIdCursor(rows, query.limit, 'flagged') }
}

/**
 * Switches a user's instant messaging service on or off (SPEC §6, §8 'Please activate IM
 * instant messaging service'), with an audit entry. Customer service stays open either way.
 * @throws 'User not found'
 */
export async function setImActive(db: Db, operatorId: number, userId: number, active: boolean): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    if (!(await userSummaries(trx, [userId])).has(userId)) throw new AppError('User not found')
    await opsRepo.upsertImSetting(trx, {
      user_id: userId,
      active: active ? 1 : 0,
      updated_at_ms: Date.now(),
      updated_by_operator_id: operatorId,
    })
    await recordAudit(trx, { operatorId, action: active ? 'im.on' : 'im.off', targetType: 'user', targetId: userId })
  })
}

/** Whether IM is on, for the console's user list. */
export async function imStatuses(db: Db, userIds: number[]): Promise<Map<number, boolean>> {
  const rows = await opsRepo.findImSettings(db.kysely, userIds)
  const off = new Set(rows.filter((r) => r.active === 0).map((r) => r.user_id))
  return new Map(userIds.map((id) => [id, !off.has(id)]))
}
