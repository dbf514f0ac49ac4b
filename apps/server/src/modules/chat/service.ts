import type {
  ChatMessage,
  ChatProfile,
  Conversation,
  ConversationList,
  HistoryQuery,
  MessagePage,
  OpenConversationBody,
  Shake,
} from '@bazaar/contract/chat'
import { chatHistoryPerConversation, conversationListLimit, maxCatchUpCursors } from '@bazaar/contract/chat-values'
import type { Db, Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { userSummaries } from '../auth/service.ts'
import { shopNames } from '../catalog/service.ts'
import { openAuthorisedUpload } from '../uploads/service.ts'
import type { ChatDeps } from './deps.ts'
import { lastMessageOf, peerOf, profilesOf, serviceProfile, toChatMessage } from './mappers.ts'
import * as repo from './repo.ts'
import { assertImActive, assertMayWrite, isImActive } from './rules.ts'

/** SPEC chat/shake: who the socket `clientId` is bound as, and whether IM is on (the socket binds itself at connect). */
export async function shake(deps: ChatDeps, user: SessionUser, clientId: string): Promise<Shake> {
  const me = (await profilesOf(deps.db.kysely, [user.id])).get(user.id) as ChatProfile
  return { clientId, me, imActive: await isImActive(deps.db.kysely, user.id) }
}

/** The profile a socket binds as. */
export async function profileOf(db: Db, userId: number): Promise<ChatProfile> {
  return (await profilesOf(db.kysely, [userId])).get(userId) as ChatProfile
}

/**
 * Opens (finds or starts) a conversation: with a shop's merchant, an account, or customer
 * service. A direct conversation needs IM on and the write rule met; customer service is
 * always open, so a person whose IM is off can still ask why.
 * @throws 'Shop not found' | 'other party is not a merchant' | 'Please activate IM instant messaging service'
 */
export async function openConversation(deps: ChatDeps, user: SessionUser, body: OpenConversationBody): Promise<Conversation> {
  const { kysely } = deps.db
  const id = await kysely.transaction().execute(async (trx) => {
    if ('service' in body) {
      const row = await repo.insertConversation(trx, {
        kind: 'service',
        pair_key: `s:${user.id}`,
        low_user_id: user.id,
        high_user_id: null,
        created_at_ms: Date.now(),
      })
      await repo.insertMembers(trx, row.id, [user.id])
      return row.id
    }
    const peerId = 'shopId' in body ? (await shopNames(trx, [body.shopId])).get(body.shopId)?.ownerUserId : body.userId
    if (peerId === undefined) throw new AppError('Shop not found')
    if (peerId === user.id || !(await userSummaries(trx, [peerId])).has(peerId)) throw new AppError('other party is not a merchant')
    await assertImActive(trx, user.id)
    const [low, high] = peerId < user.id ? [peerId, user.id] : [user.id, peerId]
    const existing = await repo.findConversationByKey(trx, `d:${low}:${high}`)
    await assertMayWrite(trx, user.id, peerId, existing?.id)
    const row =
      existing ??
      (await repo.insertConversation(trx, {
        kind: 'direct',
        pair_key: `d:${low}:${high}`,
        low_user_id: low,
        high_user_id: high,
        created_at_ms: Date.now(),
      }))
    await repo.insertMembers(trx, row.id, [low, high])
    return row.id
  })
  const conversation = (await conversationList(deps, user, id)).items[0]
  if (!conversation) throw new AppError('Conversation not found')
  return conversation
}

/** A conversation the user belongs to, with their marks. @throws 'Conversation not found' */
async function membership(trx: Trx, userId: number, conversationId: number) {
  const [conversation, member] = await Promise.all([
    repo.findConversation(trx, conversationId),
    repo.findMember(trx, conversationId, userId),
  ])
  if (!conversation || !member) throw new AppError('Conversation not found')
  return { conversation, member }
}

/**
 * The chat list (SPEC §3, §7 chat/lists): newest first; `unread` per conversation is the
 * other party's messages after the reader's last-read sequence, and the total their sum.
 * With `onlyId`, just that conversation (even when hidden or empty).
 */
export async function conversationList(deps: ChatDeps, user: SessionUser, onlyId?: number): Promise<ConversationList> {
  const trx = deps.db.kysely
  const rows = (await repo.findConversationList(trx, user.id, conversationListLimit, onlyId)).filter(
    (r) => onlyId === undefined || r.id === onlyId,
  )
  const profiles = await profilesOf(
    trx,
    rows.map((r) => peerOf(r, user.id)),
  )
  const items: Conversation[] = rows.map((r) => {
    const peerId = peerOf(r, user.id)
    const cleared = r.cleared_seq >= r.last_seq
    return {
      id: r.id,
      kind: r.kind,
      peer: peerId === 0 ? serviceProfile : (profiles.get(peerId) ?? { id: peerId, name: '', shopId: null, service: false }),
      unread: Number(r.unread ?? 0),
      peerReadSeq: Number(r.peer_read_seq ?? 0),
      lastSeq: r.last_seq,
      lastAtMs: r.last_message_at_ms,
      last: cleared ? null : lastMessageOf(r, user.id),
    }
  })
  return { items, unread: items.reduce((sum, c) => sum + c.unread, 0) }
}

/**
 * A page of a conversation: after `afterSeq` (catching up), before `beforeSeq` (scrolling
 * back), else the latest. Messages the reader cleared are not shown.
 * @throws 'Conversation not found'
 */
export async function history(deps: ChatDeps, user: SessionUser, conversationId: number, query: HistoryQuery): Promise<MessagePage> {
  const trx = deps.db.kysely
  const { conversation, member } = await membership(trx, user.id, conversationId)
  return messagePage(trx, conversation, member.cleared_seq, query)
}

/** Messages of a conversation from `fromSeq` on, mapped; `more` when cut at the limit. */
export async function messagePage(
  trx: Trx,
  conversation: repo.ConversationRow,
  fromSeq: number,
  query: HistoryQuery,
): Promise<MessagePage> {
  const rows = await repo.findMessages(trx, conversation.id, { ...query, fromSeq })
  const more = rows.length > query.limit
  const page = query.afterSeq !== undefined ? rows.slice(0, query.limit) : rows.slice(-query.limit)
  const profiles = await profilesOf(
    trx,
    page.flatMap((r) => (r.sender_user_id === null ? [] : [r.sender_user_id])),
  )
  return { items: page.map((r) => toChatMessage(r, conversation, profiles)), more }
}

/**
 * What a reconnecting socket missed (SPEC §4 local chat flow): for each conversation it
 * names with the last sequence it holds, the messages after it, up to the device's 96;
 * conversations with more are listed in `more` (the client pages them over HTTP).
 */
export async function catchUp(
  deps: ChatDeps,
  user: SessionUser,
  cursors: { conversationId: number; seq: number }[],
): Promise<{ missed: ChatMessage[]; more: number[] }> {
  const trx = deps.db.kysely
  const missed: ChatMessage[] = []
  const more: number[] = []
  for (const cursor of cursors.slice(0, maxCatchUpCursors)) {
    const conversation = await repo.findConversation(trx, cursor.conversationId)
    if (!conversation || conversation.last_seq <= cursor.seq) continue
    const member = await repo.findMember(trx, conversation.id, user.id)
    if (!member) continue
    const page = await messagePage(trx, conversation, member.cleared_seq, { afterSeq: cursor.seq, limit: chatHistoryPerConversation })
    missed.push(...page.items)
    if (page.more) more.push(conversation.id)
  }
  return { missed, more }
}

/** Tells the user's other sockets that their chats changed here (SPEC `live`). */
function live(deps: ChatDeps, userId: number, reason: 'read' | 'del' | 'clear', conversationId: number | null) {
  return deps.hub.toUsers([userId], { kind: 'live', data: { reason, conversationId } })
}

/**
 * Tells the other person of a direct conversation that `readerId` has read up to `seq`
 * (push `read`): their messages up to it now show 'read'. Customer service has no socket to
 * tell (operators read their inbox).
 */
function tellPeer(deps: ChatDeps, conversation: Parameters<typeof peerOf>[0] & { id: number }, readerId: number, seq: number) {
  const peerId = peerOf(conversation, readerId)
  if (peerId === 0) return Promise.resolve()
  return deps.hub.toUsers([peerId], { kind: 'read', data: { conversationId: conversation.id, seq } })
}

/** Moves the member's marks, and tells the other person when the read mark moved forward. */
async function advance(
  deps: ChatDeps,
  user: SessionUser,
  { conversation, member }: Awaited<ReturnType<typeof membership>>,
  marks: { readSeq: number; hiddenSeq?: number; clearedSeq?: number },
): Promise<void> {
  await repo.advanceMember(deps.db.kysely, conversation.id, user.id, marks)
  if (marks.readSeq > member.last_read_seq) await tellPeer(deps, conversation, user.id, marks.readSeq)
}

/**
 * Deletes a conversation from the user's list (SPEC chat/del) and reads it: it comes back
 * with the next message. The other party keeps theirs.
 * @throws 'Conversation not found'
 */
export async function deleteConversation(deps: ChatDeps, user: SessionUser, conversationId: number): Promise<void> {
  const found = await membership(deps.db.kysely, user.id, conversationId)
  const last = found.conversation.last_seq
  await advance(deps, user, found, { hiddenSeq: last, readSeq: last })
  await live(deps, user.id, 'del', conversationId)
}

/**
 * Clears the user's history of a conversation (SPEC chat/clear): what was there is no longer
 * shown to them; the conversation stays in the list.
 * @throws 'Conversation not found'
 */
export async function clearConversation(deps: ChatDeps, user: SessionUser, conversationId: number): Promise<void> {
  const found = await membership(deps.db.kysely, user.id, conversationId)
  const last = found.conversation.last_seq
  await advance(deps, user, found, { clearedSeq: last, readSeq: last })
  await live(deps, user.id, 'clear', conversationId)
}

/**
 * Marks a conversation read up to `seq` (its last message by default), or every
 * conversation when none is named (SPEC chat/read). The other person of each conversation
 * whose read mark moved is told (push `read`, their messages show 'read'; at most
 * `conversationListLimit` of them when all are read at once).
 * @throws 'Conversation not found'
 */
export async function markRead(deps: ChatDeps, user: SessionUser, conversationId?: number, seq?: number): Promise<void> {
  if (conversationId === undefined) {
    const moved = await repo.findUnreadConversations(deps.db.kysely, user.id, conversationListLimit)
    await repo.readAll(deps.db.kysely, user.id)
    await Promise.all(moved.map((c) => tellPeer(deps, c, user.id, c.last_seq)))
  } else {
    const found = await membership(deps.db.kysely, user.id, conversationId)
    await advance(deps, user, found, { readSeq: Math.min(seq ?? found.conversation.last_seq, found.conversation.last_seq) })
  }
  await live(deps, user.id, 'read', conversationId ?? null)
}

/**
 * The file of an image or voice message, for the members of its conversation (operators
 * read service files through the uploads route).
 * @throws 'Message not found' | 'Upload not found'
 */
export async function messageFile(deps: ChatDeps, user: SessionUser, messageId: number) {
  const message = await repo.findMessage(deps.db.kysely, messageId)
  if (!message || message.recalled_at_ms !== null || (message.type !== 'img' && message.type !== 'voice'))
    throw new AppError('Message not found')
  const member = await repo.findMember(deps.db.kysely, message.conversation_id, user.id)
  if (!member || message.seq <= member.cleared_seq) throw new AppError('Message not found')
  const { uploadId } = JSON.parse(message.body_json) as { uploadId: number }
  return openAuthorisedUpload(deps.db, deps.storage, uploadId)
}
