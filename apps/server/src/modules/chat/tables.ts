import type { ConversationKind } from '@bazaar/contract/chat-values'
import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the chat module: conversations, their members' read marks, messages, and who has IM switched off. */
export interface ChatTables {
  chat_conversations: ChatConversationsTable
  chat_members: ChatMembersTable
  chat_messages: ChatMessagesTable
  chat_im_settings: ChatImSettingsTable
}

export interface ChatConversationsTable {
  id: Id
  kind: ConversationKind
  /** 'd:<lower user id>:<higher user id>' or 's:<buyer id>' (unique). */
  pair_key: string
  /** The lower user id of a direct conversation; the buyer of a service conversation. */
  low_user_id: number
  /** The higher user id of a direct conversation; null for service. */
  high_user_id: number | null
  /** The last sequence number given to a message (the next is last_seq + 1). */
  last_seq: Defaulted<number>
  last_message_at_ms: number | null
  /** How far operators have read a service conversation. */
  service_read_seq: Defaulted<number>
  created_at_ms: number
}

export interface ChatMembersTable {
  conversation_id: number
  user_id: number
  /** Messages up to here are read: unread = the other party's messages after it. */
  last_read_seq: Defaulted<number>
  /** Deleted from the member's list up to here; a later message shows it again. */
  hidden_seq: Defaulted<number>
  /** The member's history is cleared up to here. */
  cleared_seq: Defaulted<number>
}

export interface ChatMessagesTable {
  id: Id
  conversation_id: number
  seq: number
  /** The writer: a user, or (service conversations) an operator. Exactly one is set. */
  sender_user_id: number | null
  sender_operator_id: number | null
  type: 'text' | 'img' | 'voice' | 'goods'
  /** The content (contract ChatContent) as JSON. */
  body_json: string
  /** What the safety rules found in a merchant's message, a JSON array; null when nothing. */
  flags_json: string | null
  client_key: string | null
  created_at_ms: number
  recalled_at_ms: number | null
}

export interface ChatImSettingsTable {
  /** A row exists only for users an operator switched; no row means active. */
  user_id: number
  active: number
  updated_at_ms: number
  updated_by_operator_id: number | null
}
