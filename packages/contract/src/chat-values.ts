/**
 * Chat, customer service and notices as plain values (no zod): chat.ts and notices.ts build
 * their schemas from them; the shop's socket client and pages use them without zod in
 * their chunks (BENCH B2).
 */

/** SPEC §3/§9: the device keeps the last 96 messages of each conversation. */
export const chatHistoryPerConversation = 96
/** SPEC §4/§9: the chat list loads about 300 ms after the socket starts. */
export const chatListDelayMs = 300
/** A sender may recall their own message within 2 minutes of sending it. */
export const recallWindowMs = 2 * 60_000
/** Longest text message, in characters. */
export const chatTextMaxLength = 1000
/** Voice messages are recorded in the browser for at most 60 seconds. */
export const voiceMaxSeconds = 60
/** Bytes a voice upload may have: 60 s of Opus or AAC at 128 kbit/s, with room for the container. */
export const voiceMaxBytes = 1024 * 1024
/** Conversations one list answers (newest first). */
export const conversationListLimit = 100
/** Messages one history page answers at most. */
export const historyPageMax = 100
/** Conversations a reconnecting client may name with its last sequence, in one `init`. */
export const maxCatchUpCursors = 200
/** Sending: at most this many messages per user in the window, shared across nodes through Redis. */
export const chatSendLimit = { max: 30, windowMs: 10_000 } as const
/** Longest `clientKey` (the sender's id of a message, so a retry never sends it twice). */
export const clientKeyMaxLength = 64

/** SPEC §3 chat message `type`. */
export const chatMessageTypes = ['text', 'img', 'voice', 'goods'] as const
export type ChatMessageType = (typeof chatMessageTypes)[number]

/** A direct conversation between two accounts, or a buyer's conversation with customer service (operators answer). */
export const conversationKinds = ['direct', 'service'] as const
export type ConversationKind = (typeof conversationKinds)[number]

/**
 * The websocket's path (same origin as the API) and its subprotocol. Browsers cannot set
 * headers on a websocket, so the session token travels as the second offered subprotocol
 * (`['bazaar.chat', token]`); the server selects `bazaar.chat`, never echoing the token.
 */
export const chatSocketPath = '/api/chat/socket'
export const chatSocketProtocol = 'bazaar.chat'
/** Close code of a socket whose session ended (expired, revoked, locked). */
export const sessionEndedCloseCode = 4401
/** The client pings every 25 s; the server drops a socket silent for 70 s. */
export const socketPingMs = 25_000
export const socketIdleMs = 70_000
/** Reconnect backoff: doubling from 1 s to 30 s, with jitter. */
export const reconnectMinMs = 1000
export const reconnectMaxMs = 30_000

/**
 * SPEC §4 chat socket message kinds, server to client: `init` (bound; what was missed),
 * `pong`, `chat` and `service` (a new message), `recall`, `order` (an order, logistics or
 * refund message), `notice` (an operators' announcement), `deposit` (a deposit seen on chain:
 * its confirmations, then its credit; issue 21) and `live` (the same account changed its chats
 * elsewhere: another device read, deleted or cleared; or the node lost pushes: reload). A call
 * over the socket is answered by `reply` with its `ref`.
 */
export const socketPushKinds = ['init', 'pong', 'chat', 'service', 'recall', 'order', 'notice', 'deposit', 'live', 'reply'] as const
export type SocketPushKind = (typeof socketPushKinds)[number]

/** Client to server: `init` binds (SPEC chat/shake) and names the last sequence held per conversation; the rest are the HTTP calls. */
export const socketCallKinds = ['init', 'ping', 'lists', 'send', 'recall', 'del', 'clear', 'read', 'history'] as const
export type SocketCallKind = (typeof socketCallKinds)[number]

/** What a `live` push says changed. */
export const liveReasons = ['read', 'del', 'clear', 'resync'] as const
export type LiveReason = (typeof liveReasons)[number]

/** SPEC §2 message tabs: logistics (orders and payments), interaction (refunds, which wait on someone), system notice (announcements). */
export const noticeTabs = ['logistics', 'interaction', 'system'] as const
export type NoticeTab = (typeof noticeTabs)[number]
/** Longest announcement title and body, in characters. */
export const noticeTitleMaxLength = 120
export const noticeBodyMaxLength = 4000

/** What the safety rules found in a merchant's message (modules/chat/safety.ts). */
export const safetyFlags = ['wallet', 'phone', 'handle', 'offPlatform'] as const
export type SafetyFlag = (typeof safetyFlags)[number]

/** True when `value` (a URL parameter) names a message tab. */
export function isNoticeTab(value: string | null | undefined): value is NoticeTab {
  return (noticeTabs as readonly string[]).includes(value ?? '')
}
