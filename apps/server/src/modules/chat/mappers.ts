import type { ChatContent, ChatMessage, ChatProfile } from '@bazaar/contract/chat'
import type { ChatMessageType } from '@bazaar/contract/chat-values'
import type { Trx } from '../../db/database.ts'
import { userSummaries } from '../auth/service.ts'
import { shopsOfOwners } from '../catalog/owners-service.ts'
import type { ConversationRow, MessageRow } from './repo.ts'

/** Customer service as a party: operators answer as one, unnamed. */
export const serviceProfile: ChatProfile = { id: 0, name: '', shopId: null, service: true }

/**
 * Profiles of the people sending right now, kept a minute on this node: sending is the hot
 * path (two statements fewer a message; on PostgreSQL two round trips), and a renamed shop or
 * a new merchant showing a minute late in new messages harms nobody.
 */
export class ProfileCache {
  readonly #entries = new Map<number, { profile: ChatProfile; untilMs: number }>()
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  async get(trx: Trx, userIds: number[]): Promise<Map<number, ChatProfile>> {
    const nowMs = Date.now()
    const out = new Map<number, ChatProfile>()
    const missing: number[] = []
    for (const id of userIds) {
      const hit = this.#entries.get(id)
      if (hit && hit.untilMs > nowMs) out.set(id, hit.profile)
      else if (id > 0) missing.push(id)
    }
    if (missing.length === 0) return out
    if (this.#entries.size > this.maxEntries) this.#entries.clear()
    for (const [id, profile] of await profilesOf(trx, missing)) {
      this.#entries.set(id, { profile, untilMs: nowMs + this.ttlMs })
      out.set(id, profile)
    }
    return out
  }
}

/** How accounts appear in chat (SPEC `form`): a merchant by their shop's name, anyone else by nickname. */
export async function profilesOf(trx: Trx, userIds: number[]): Promise<Map<number, ChatProfile>> {
  const ids = [...new Set(userIds)].filter((id) => id > 0)
  const [users, shops] = await Promise.all([userSummaries(trx, ids), shopsOfOwners(trx, ids)])
  const profiles = new Map<number, ChatProfile>()
  for (const id of ids) {
    const shop = shops.get(id)
    profiles.set(id, { id, name: shop?.name ?? users.get(id)?.nickname ?? '', shopId: shop?.shopId ?? null, service: false })
  }
  return profiles
}

/** The other member of a direct conversation, seen from `userId`; 0 (customer service) for a service conversation. */
export function peerOf(conversation: Pick<ConversationRow, 'kind' | 'low_user_id' | 'high_user_id'>, userId: number): number {
  if (conversation.kind === 'service') return conversation.low_user_id === userId ? 0 : conversation.low_user_id
  return conversation.low_user_id === userId ? (conversation.high_user_id ?? 0) : conversation.low_user_id
}

/** The accounts of a conversation: both people of a direct one, the buyer of a service one. */
export function membersOf(conversation: Pick<ConversationRow, 'kind' | 'low_user_id' | 'high_user_id'>): number[] {
  return conversation.kind === 'service' || conversation.high_user_id === null
    ? [conversation.low_user_id]
    : [conversation.low_user_id, conversation.high_user_id]
}

/** A stored message as the contract shows it; a recalled message keeps its type and loses its content. */
export function toChatMessage(row: MessageRow, conversation: ConversationRow, profiles: Map<number, ChatProfile>): ChatMessage {
  const sender = row.sender_user_id
  const from = sender === null ? serviceProfile : (profiles.get(sender) ?? { id: sender, name: '', shopId: null, service: false })
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: row.seq,
    type: row.type,
    content: row.recalled_at_ms === null ? (JSON.parse(row.body_json) as ChatContent) : null,
    from,
    toId: sender === null ? conversation.low_user_id : peerOf(conversation, sender),
    createdAtMs: row.created_at_ms,
    recalledAtMs: row.recalled_at_ms,
    warning: row.flags_json !== null,
    clientKey: row.client_key,
  }
}

/** The list's preview of a last message (SPEC chat list `content`). */
export function lastMessageOf(
  row: {
    last_type: ChatMessageType | null
    last_body_json: string | null
    last_sender_user_id: number | null
    last_recalled_at_ms: number | null
  },
  viewerId: number,
) {
  if (row.last_type === null || row.last_body_json === null) return null
  const recalled = row.last_recalled_at_ms !== null
  const text = row.last_type === 'text' && !recalled ? (JSON.parse(row.last_body_json) as { text: string }).text : null
  return { type: row.last_type, text, recalled, fromMe: row.last_sender_user_id === viewerId }
}
