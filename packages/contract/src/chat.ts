import { z } from 'zod'
import { ImageRef } from './catalog.ts'
import type { ChainDeposit } from './chain.ts'
import {
  chatMessageTypes,
  chatTextMaxLength,
  clientKeyMaxLength,
  conversationKinds,
  historyPageMax,
  type LiveReason,
  maxCatchUpCursors,
  safetyFlags,
  voiceMaxSeconds,
} from './chat-values.ts'
import type { NoticeItem } from './notices.ts'
import { multiLine, singleLine } from './text.ts'

const id = z.number().int().positive().max(2_147_483_647)

/**
 * Who wrote a message or sits across a conversation (SPEC §3 chat message `form`: id, name,
 * avatar, shop_id). A merchant is shown by their shop's name; customer service is `service`
 * with id 0 (operators answer it, their names are not shown). Avatars are the name's initial.
 */
export const ChatProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  shopId: z.number().int().nullable(),
  service: z.boolean(),
})
export type ChatProfile = z.infer<typeof ChatProfile>

/** A message's content by its `type` (SPEC §3: text, img, voice, goods); null once recalled. */
export const ChatContent = z.union([
  z.object({ text: z.string() }),
  z.object({ uploadId: z.number().int(), width: z.number().int(), height: z.number().int() }),
  z.object({ uploadId: z.number().int(), durationS: z.number().int() }),
  z.object({ listingId: z.number().int(), title: z.string(), priceCents: z.number().int(), image: ImageRef.nullable() }),
])
export type ChatContent = z.infer<typeof ChatContent>

/**
 * One message (SPEC §3 chat message: type, content, id, to_id, createtime, form). `seq` is
 * its number in the conversation (1, 2, 3… with no gaps or repeats): a client that comes
 * back names the last one it holds and gets what follows. `warning` marks a merchant's
 * message that shows signs of payment outside the platform (the buyer sees a warning).
 */
export const ChatMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  seq: z.number().int(),
  type: z.enum(chatMessageTypes),
  // Every variant is an object: saying so beside `nullable` keeps OpenAPI 3.0 readers exact.
  content: ChatContent.nullable().meta({ type: 'object' }),
  from: ChatProfile,
  /** The other party's user id (SPEC `to_id`); 0 for customer service. */
  toId: z.number().int(),
  createdAtMs: z.number().int(),
  recalledAtMs: z.number().int().nullable(),
  warning: z.boolean(),
  /** The sender's key for it, when given (a retry answers the same message). */
  clientKey: z.string().nullable(),
})
export type ChatMessage = z.infer<typeof ChatMessage>

/** The last message of a conversation, as the list shows it (SPEC chat list `content`). */
export const LastMessage = z.object({
  type: z.enum(chatMessageTypes),
  /** The text of a text message (other types are shown by their kind). */
  text: z.string().nullable(),
  recalled: z.boolean(),
  fromMe: z.boolean(),
})

/**
 * A chat list entry (SPEC §3: user_id, count, createtime, content): the other party, unread
 * messages (counted from the reader's last-read sequence), the time and preview of the last.
 */
export const Conversation = z.object({
  id: z.number().int(),
  kind: z.enum(conversationKinds),
  peer: ChatProfile,
  unread: z.number().int(),
  lastSeq: z.number().int(),
  lastAtMs: z.number().int().nullable(),
  last: LastMessage.nullable(),
})
export type Conversation = z.infer<typeof Conversation>

export const ConversationList = z.object({ items: z.array(Conversation), unread: z.number().int() })
export type ConversationList = z.infer<typeof ConversationList>

/** Opens (finds or starts) a conversation: with an account, with a shop's merchant, or with customer service. */
export const OpenConversationBody = z.union([
  z.object({ userId: id }).strict(),
  z.object({ shopId: id }).strict(),
  z.object({ service: z.literal(true) }).strict(),
])
export type OpenConversationBody = z.infer<typeof OpenConversationBody>

const clientKey = singleLine()
  .regex(/^[\w-]{8,}$/, 'Invalid parameters')
  .max(clientKeyMaxLength, 'Invalid parameters')
  .optional()

/** A message to send: text, an uploaded image or voice clip (the sender's own upload), or a goods card. */
export const SendBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: multiLine().trim().min(1).max(chatTextMaxLength), clientKey }).strict(),
  z.object({ type: z.literal('img'), uploadId: id, clientKey }).strict(),
  z.object({ type: z.literal('voice'), uploadId: id, durationS: z.number().int().min(1).max(voiceMaxSeconds), clientKey }).strict(),
  z.object({ type: z.literal('goods'), listingId: id, clientKey }).strict(),
])
export type SendBody = z.infer<typeof SendBody>

/** A page of a conversation's messages: after a sequence (catching up) or before one (scrolling back). */
export const HistoryQuery = z
  .object({
    afterSeq: z.coerce.number().int().min(0).optional(),
    beforeSeq: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(historyPageMax, 'Page size must be 1 to 100').default(50),
  })
  .strict()
export type HistoryQuery = z.infer<typeof HistoryQuery>

/** Messages in sequence order; `more` when the page was cut at `limit`. */
export const MessagePage = z.object({ items: z.array(ChatMessage), more: z.boolean() })
export type MessagePage = z.infer<typeof MessagePage>

/** Marks a conversation read up to a sequence (default: all of it). */
export const ReadBody = z.object({ seq: z.number().int().min(0).optional() }).strict()

/** SPEC chat/shake: `client_id` of the socket the client holds; the answer is what it stores. */
export const ShakeBody = z.object({ clientId: singleLine().min(1).max(64) }).strict()
export const Shake = z.object({ clientId: z.string(), me: ChatProfile, imActive: z.boolean() })
export type Shake = z.infer<typeof Shake>

/** The socket's catch-up position: the last sequence the client holds of one conversation. */
export const CatchUpCursor = z.object({ conversationId: id, seq: z.number().int().min(0) }).strict()

const ref = singleLine().max(40).optional()

/** A client's call over the socket (chat-values `socketCallKinds`); `ref` comes back on its `reply`. */
export const SocketCall = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('init'), ref, cursors: z.array(CatchUpCursor).max(maxCatchUpCursors).default([]) }).strict(),
  z.object({ kind: z.literal('ping'), ref }).strict(),
  z.object({ kind: z.literal('lists'), ref }).strict(),
  z.object({ kind: z.literal('send'), ref, conversationId: id, message: SendBody }).strict(),
  z.object({ kind: z.literal('recall'), ref, messageId: id }).strict(),
  z.object({ kind: z.literal('del'), ref, conversationId: id }).strict(),
  z.object({ kind: z.literal('clear'), ref, conversationId: id }).strict(),
  z.object({ kind: z.literal('read'), ref, conversationId: id.optional(), seq: z.number().int().min(0).optional() }).strict(),
  z
    .object({
      kind: z.literal('history'),
      ref,
      conversationId: id,
      afterSeq: z.number().int().min(0).optional(),
      beforeSeq: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(historyPageMax).default(50),
    })
    .strict(),
])
export type SocketCall = z.input<typeof SocketCall>

/** A recalled message: the list reloads (SPEC §4). */
export type RecallPush = { conversationId: number; messageId: number; seq: number }

/**
 * What the server pushes (SPEC §4 kinds). `init` answers the client's `init`: its id, who it
 * is bound as, and the messages it missed per the cursors it sent (`more` when a
 * conversation had more than a page: the client pages the rest over HTTP).
 */
export type SocketPush =
  | { kind: 'init'; data: { clientId: string; me: ChatProfile; missed: ChatMessage[]; more: number[] } }
  | { kind: 'pong'; data: { atMs: number } }
  | { kind: 'chat'; data: ChatMessage }
  | { kind: 'service'; data: ChatMessage }
  | { kind: 'recall'; data: RecallPush }
  | { kind: 'order'; data: NoticeItem }
  | { kind: 'notice'; data: NoticeItem }
  | { kind: 'deposit'; data: ChainDeposit }
  | { kind: 'live'; data: { reason: LiveReason; conversationId: number | null } }
  | { kind: 'reply'; ref: string | null; code: number; msg: string; data: unknown }

// ---------------------------------------------------------------- operators

/** A buyer's conversation with customer service, as the console's inbox lists it. */
export const ServiceConversation = z.object({
  id: z.number().int(),
  buyer: z.object({ id: z.number().int(), nickname: z.string(), email: z.string() }),
  /** The buyer's messages after the operators' last read. */
  unread: z.number().int(),
  lastSeq: z.number().int(),
  lastAtMs: z.number().int().nullable(),
  last: LastMessage.nullable(),
})
export type ServiceConversation = z.infer<typeof ServiceConversation>
export const ServiceConversationPage = z.object({ items: z.array(ServiceConversation), nextCursor: z.string().nullable() })

/** An operator's answer in a service conversation: text only. */
export const ServiceReplyBody = z.object({ text: multiLine().trim().min(1).max(chatTextMaxLength) }).strict()

/** A merchant's message the safety rules flagged, for operators. */
export const FlaggedMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  from: z.object({ id: z.number().int(), name: z.string() }),
  to: z.object({ id: z.number().int(), name: z.string() }),
  text: z.string(),
  flags: z.array(z.enum(safetyFlags)),
  createdAtMs: z.number().int(),
})
export type FlaggedMessage = z.infer<typeof FlaggedMessage>
export const FlaggedPage = z.object({ items: z.array(FlaggedMessage), nextCursor: z.string().nullable() })

/** Switches a user's instant messaging service on or off (SPEC §6, §8). */
export const ImBody = z.object({ active: z.boolean() }).strict()
export const ImStatus = z.object({ userId: z.number().int(), active: z.boolean() })
export type ImStatus = z.infer<typeof ImStatus>
