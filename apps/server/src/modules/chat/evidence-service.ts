import type { ChatMessage } from '@bazaar/contract/chat'
import type { Trx } from '../../db/database.ts'
import { profilesOf, toChatMessage } from './mappers.ts'
import * as repo from './repo.ts'

/**
 * Chat messages as evidence of an after-sales dispute (issue 23): the direct conversation of
 * a buyer and a merchant since a time (the order's payment). Messages are named by id and
 * read from the chat as they are now, never copied.
 */

/** The direct conversation of two users, or undefined when they never wrote. */
async function directConversation(trx: Trx, userA: number, userB: number) {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA]
  return repo.findConversationByKey(trx, `d:${low}:${high}`)
}

/**
 * The messages of two users' conversation sent at or after `sinceMs`, newest first, at most
 * `limit`: what a side of a dispute may pick from.
 */
export async function messagesBetween(trx: Trx, userA: number, userB: number, sinceMs: number, limit: number): Promise<ChatMessage[]> {
  const conversation = await directConversation(trx, userA, userB)
  if (!conversation) return []
  const rows = await repo.findMessagesSince(trx, conversation.id, sinceMs, limit)
  const profiles = await profilesOf(trx, [userA, userB])
  return rows.map((row) => toChatMessage(row, conversation, profiles))
}

/**
 * The messages among `ids` that belong to two users' conversation and were sent at or after
 * `sinceMs`, in the order of `ids` (others are left out: the caller compares the counts).
 */
export async function pickedMessages(trx: Trx, userA: number, userB: number, sinceMs: number, ids: number[]): Promise<ChatMessage[]> {
  if (ids.length === 0) return []
  const conversation = await directConversation(trx, userA, userB)
  if (!conversation) return []
  const rows = await repo.findMessagesByIds(trx, conversation.id, ids, sinceMs)
  const profiles = await profilesOf(trx, [userA, userB])
  const byId = new Map(rows.map((row) => [row.id, toChatMessage(row, conversation, profiles)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
