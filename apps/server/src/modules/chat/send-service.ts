import type { ChatContent, ChatMessage, SendBody } from '@bazaar/contract/chat'
import { chatSendLimit, recallWindowMs } from '@bazaar/contract/chat-values'
import type { Trx } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { productDetail } from '../catalog/service.ts'
import { ownUploadInfo } from '../uploads/service.ts'
import type { ChatDeps } from './deps.ts'
import { membersOf, peerOf, toChatMessage } from './mappers.ts'
import * as repo from './repo.ts'
import { assertMayWrite } from './rules.ts'
import { safetyFlagsOf } from './safety.ts'

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
