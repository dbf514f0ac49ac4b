import type {
  ChatContent,
  ChatMessage,
  ChatProfile,
  Conversation,
  ConversationList,
  HistoryQuery,
  MessagePage,
  OpenConversationBody,
  SendBody,
  Shake,
} from '@bazaar/contract/chat'
import {
  chatHistoryPerConversation,
  chatSendLimit,
  conversationListLimit,
  maxCatchUpCursors,
  recallWindowMs,
} from '@bazaar/contract/chat-values'
import type { Db, Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import type { HitLimiter } from '../../platform/hit-limiter.ts'
import type { Storage } from '../../platform/storage.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { userSummaries } from '../auth/service.ts'
import { productDetail, shopNames } from '../catalog/service.ts'
import { hasOrderWithShop } from '../order/messages-service.ts'
import { openAuthorisedUpload, ownUploadInfo } from '../uploads/service.ts'
import type { Hub } from './hub.ts'
import { lastMessageOf, membersOf, type ProfileCache, peerOf, profilesOf, serviceProfile, toChatMessage } from './mappers.ts'
import * as repo from './repo.ts'
import { safetyFlagsOf } from './safety.ts'

/** What the chat services need: the database, the sockets' hub, the send limiter and the upload storage. */
export interface ChatDeps {
  db: Db
  hub: Hub
  limiter: HitLimiter
  storage: Storage
  /** Multiplies the send limit (RATE_LIMIT_FACTOR: tests and load runs from one place). */
  limitFactor: number
  /** Senders' profiles, a minute on this node (mappers.ts). */
  profiles: ProfileCache
}

/** Whether a user's instant messaging service is on (SPEC §6): on unless an operator switched it off. */
export async function isImActive(trx: Trx, userId: number): Promise<boolean> {
  return (await repo.findImSetting(trx, userId))?.active !== 0
}

/** @throws 'Please activate IM instant messaging service' */
async function assertImActive(trx: Trx, userId: number): Promise<void> {
  if (!(await isImActive(trx, userId))) throw new AppError('Please activate IM instant messaging service')
}

/**
 * Who may write to whom (SPEC §6): anyone to a merchant (the other party owns a shop); a
 * merchant to someone who has ordered from their shop or has written to them.
 * @param profiles the sender's and the peer's, when the caller has them already
 * @throws 'other party is not a merchant'
 */
async function assertMayWrite(
  trx: Trx,
  senderId: number,
  peerId: number,
  conversationId: number | undefined,
  profiles?: Map<number, ChatProfile>,
): Promise<void> {
  const known = profiles ?? (await profilesOf(trx, [senderId, peerId]))
  if (known.get(peerId)?.shopId != null) return
  const ownShop = known.get(senderId)?.shopId
  if (ownShop != null) {
    if (await hasOrderWithShop(trx, peerId, ownShop)) return
    if (conversationId !== undefined && (await repo.hasWritten(trx, conversationId, peerId))) return
  }
  throw new AppError('other party is not a merchant')
}

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
      lastSeq: r.last_seq,
      lastAtMs: r.last_message_at_ms,
      last: cleared ? null : lastMessageOf(r, user.id),
    }
  })
  return { items, unread: items.reduce((sum, c) => sum + c.unread, 0) }
}

/** Builds the stored content of a message, checking what it names. */
async function contentOf(deps: ChatDeps, trx: Trx, userId: number, body: SendBody): Promise<ChatContent> {
  switch (body.type) {
    case 'text':
      return { text: body.text }
    case 'img': {
      const upload = await ownUploadInfo(trx, body.uploadId, userId, 'chat_image')
      if (!upload) throw new AppError('Upload not found')
      return { uploadId: upload.id, width: upload.width, height: upload.height }
    }
    case 'voice': {
      const upload = await ownUploadInfo(trx, body.uploadId, userId, 'chat_voice')
      if (!upload) throw new AppError('Upload not found')
      return { uploadId: upload.id, durationS: body.durationS }
    }
    case 'goods': {
      const product = await productDetail(deps.db, body.listingId)
      return { listingId: product.id, title: product.title, priceCents: product.priceCents, image: product.images[0] ?? null }
    }
  }
}

/**
 * Sends a message (SPEC §7 chat/send): committed with the conversation's next sequence
 * number, then pushed to both parties' sockets on every node. A merchant's text is checked
 * by the safety rules; a flagged message goes through with a warning to the buyer. A retry
 * with the same `clientKey` answers the message already stored.
 * @throws 'Conversation not found' | 'Too many requests' | 'Please activate IM instant messaging service'
 *   | 'other party is not a merchant' | 'Upload not found' | 'Product not found'
 */
export async function sendMessage(deps: ChatDeps, user: SessionUser, conversationId: number, body: SendBody): Promise<ChatMessage> {
  if (!(await deps.limiter.hit(`chat-send:${user.id}`, chatSendLimit.max * deps.limitFactor, chatSendLimit.windowMs)))
    throw new AppError('Too many requests')
  const { kysely } = deps.db
  // One statement for the conversation, the sender's membership and IM switch; one pair for both profiles.
  const context = await repo.findSendContext(kysely, conversationId, user.id)
  if (!context) throw new AppError('Conversation not found')
  const { conversation } = context
  const peerId = peerOf(conversation, user.id)
  const profiles = await deps.profiles.get(kysely, [user.id, peerId])
  if (conversation.kind === 'direct') {
    if (!context.imActive) throw new AppError('Please activate IM instant messaging service')
    await assertMayWrite(kysely, user.id, peerId, conversation.id, profiles)
  }
  const content = await contentOf(deps, kysely, user.id, body)
  const fromMerchant = conversation.kind === 'direct' && profiles.get(user.id)?.shopId != null
  const flags = fromMerchant && body.type === 'text' ? safetyFlagsOf(body.text) : []
  const clientKey = body.clientKey ?? null

  const stored = async () =>
    kysely.transaction().execute(async (trx) => {
      if (clientKey) {
        const again = await repo.findMessageByClientKey(trx, conversation.id, user.id, clientKey)
        if (again) return { row: again, fresh: false }
      }
      const nowMs = Date.now()
      const seq = await repo.takeNextSeq(trx, conversation.id, nowMs)
      const row = await repo.insertMessage(trx, {
        conversation_id: conversation.id,
        seq,
        sender_user_id: user.id,
        sender_operator_id: null,
        type: body.type,
        body_json: JSON.stringify(content),
        flags_json: flags.length > 0 ? JSON.stringify(flags) : null,
        client_key: clientKey,
        created_at_ms: nowMs,
        recalled_at_ms: null,
      })
      // Writing reads what came before; nothing to move when the sender had read it all.
      if (context.lastReadSeq < seq - 1) await repo.advanceMember(trx, conversation.id, user.id, { readSeq: seq })
      return { row, fresh: true }
    })
  let result: Awaited<ReturnType<typeof stored>>
  try {
    result = await stored()
  } catch (error) {
    // The same clientKey sent twice at once: the other request stored it.
    const again =
      clientKey && isUniqueViolation(error) ? await repo.findMessageByClientKey(kysely, conversation.id, user.id, clientKey) : undefined
    if (!again) throw error
    result = { row: again, fresh: false }
  }
  const message = toChatMessage(result.row, { ...conversation }, profiles)
  if (result.fresh) await publishMessage(deps, conversation, message)
  return message
}

/** Pushes a committed message to its conversation's members (SPEC kinds `chat` and `service`). */
export async function publishMessage(deps: ChatDeps, conversation: repo.ConversationRow, message: ChatMessage): Promise<void> {
  await deps.hub.toUsers(membersOf(conversation), { kind: conversation.kind === 'service' ? 'service' : 'chat', data: message })
}

/**
 * Recalls the sender's own message within 2 minutes of sending: its content is gone for
 * everyone, and both sides' lists reload (SPEC §4).
 * @throws 'Message not found' | 'Recall time exceeded'
 */
export async function recallMessage(deps: ChatDeps, user: SessionUser, messageId: number): Promise<void> {
  const { kysely } = deps.db
  const message = await repo.findMessage(kysely, messageId)
  if (!message || message.sender_user_id !== user.id) throw new AppError('Message not found')
  if (Date.now() - message.created_at_ms > recallWindowMs) throw new AppError('Recall time exceeded')
  const conversation = await repo.findConversation(kysely, message.conversation_id)
  if (!conversation) throw new AppError('Message not found')
  if (!(await repo.markRecalled(kysely, message.id, Date.now()))) return
  await deps.hub.toUsers(membersOf(conversation), {
    kind: 'recall',
    data: { conversationId: conversation.id, messageId, seq: message.seq },
  })
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
 * Deletes a conversation from the user's list (SPEC chat/del) and reads it: it comes back
 * with the next message. The other party keeps theirs.
 * @throws 'Conversation not found'
 */
export async function deleteConversation(deps: ChatDeps, user: SessionUser, conversationId: number): Promise<void> {
  const { conversation } = await membership(deps.db.kysely, user.id, conversationId)
  await repo.advanceMember(deps.db.kysely, conversationId, user.id, { hiddenSeq: conversation.last_seq, readSeq: conversation.last_seq })
  await live(deps, user.id, 'del', conversationId)
}

/**
 * Clears the user's history of a conversation (SPEC chat/clear): what was there is no longer
 * shown to them; the conversation stays in the list.
 * @throws 'Conversation not found'
 */
export async function clearConversation(deps: ChatDeps, user: SessionUser, conversationId: number): Promise<void> {
  const { conversation } = await membership(deps.db.kysely, user.id, conversationId)
  await repo.advanceMember(deps.db.kysely, conversationId, user.id, { clearedSeq: conversation.last_seq, readSeq: conversation.last_seq })
  await live(deps, user.id, 'clear', conversationId)
}

/**
 * Marks a conversation read up to `seq` (its last message by default), or every
 * conversation when none is named (SPEC chat/read).
 * @throws 'Conversation not found'
 */
export async function markRead(deps: ChatDeps, user: SessionUser, conversationId?: number, seq?: number): Promise<void> {
  if (conversationId === undefined) {
    await repo.readAll(deps.db.kysely, user.id)
  } else {
    const { conversation } = await membership(deps.db.kysely, user.id, conversationId)
    await repo.advanceMember(deps.db.kysely, conversationId, user.id, {
      readSeq: Math.min(seq ?? conversation.last_seq, conversation.last_seq),
    })
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
