import type { ChatMessage } from '@bazaar/contract/chat'
import { chatHistoryPerConversation, maxCatchUpCursors } from '@bazaar/contract/chat-values'

/**
 * SPEC §3 local chat history: the last 96 messages of each conversation, on this device,
 * per account. What a reconnecting socket names as the last sequence it holds comes from
 * here, so catching up fills exactly the gap. At most 50 conversations are kept (the least
 * recently changed go first), which bounds the storage at a few hundred kilobytes.
 */
const maxConversations = 50
const prefix = 'bazaar.chat'
const indexKey = (userId: number) => `${prefix}.${userId}`
const key = (userId: number, conversationId: number) => `${prefix}.${userId}.${conversationId}`

function readJson<T>(k: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(k)
    return raw ? (JSON.parse(raw) as T) : fallback
  } catch {
    return fallback
  }
}

function writeJson(k: string, value: unknown): void {
  try {
    localStorage.setItem(k, JSON.stringify(value))
  } catch {
    // Full or blocked: the server still has every message.
  }
}

/** Conversation ids of this account, the most recently changed first. */
function index(userId: number): number[] {
  const ids = readJson<unknown>(indexKey(userId), [])
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []
}

function touch(userId: number, conversationId: number): void {
  const ids = [conversationId, ...index(userId).filter((id) => id !== conversationId)]
  for (const dropped of ids.splice(maxConversations)) localStorage.removeItem(key(userId, dropped))
  writeJson(indexKey(userId), ids)
}

const listeners = new Set<(conversationId: number) => void>()

/** Calls `listener` when a conversation's stored history changes; returns the unsubscribe. */
export function onHistoryChange(listener: (conversationId: number) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The stored messages of a conversation, in sequence order. */
export function readHistory(userId: number, conversationId: number): ChatMessage[] {
  const stored = readJson<unknown>(key(userId, conversationId), [])
  return Array.isArray(stored) ? (stored as ChatMessage[]) : []
}

/** Adds or replaces messages (by sequence), keeping the last 96. */
export function mergeHistory(userId: number, conversationId: number, messages: ChatMessage[]): void {
  if (messages.length === 0) return
  const bySeq = new Map(readHistory(userId, conversationId).map((m) => [m.seq, m]))
  for (const message of messages) bySeq.set(message.seq, message)
  const kept = [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-chatHistoryPerConversation)
  writeJson(key(userId, conversationId), kept)
  touch(userId, conversationId)
  for (const listener of [...listeners]) listener(conversationId)
}

/** Marks a stored message recalled (its content is gone for both sides). */
export function recallInHistory(userId: number, conversationId: number, messageId: number, atMs: number): void {
  const messages = readHistory(userId, conversationId)
  const found = messages.find((m) => m.id === messageId)
  if (!found) return
  mergeHistory(userId, conversationId, [{ ...found, content: null, recalledAtMs: found.recalledAtMs ?? atMs }])
}

/** Forgets a conversation's history on this device (deleted or cleared). */
export function dropHistory(userId: number, conversationId: number): void {
  localStorage.removeItem(key(userId, conversationId))
  writeJson(
    indexKey(userId),
    index(userId).filter((id) => id !== conversationId),
  )
  for (const listener of [...listeners]) listener(conversationId)
}

/** The last sequence held of each stored conversation: what a reconnecting socket asks to catch up from. */
export function catchUpCursors(userId: number): { conversationId: number; seq: number }[] {
  return index(userId)
    .slice(0, maxCatchUpCursors)
    .map((conversationId) => ({ conversationId, seq: readHistory(userId, conversationId).at(-1)?.seq ?? 0 }))
    .filter((c) => c.seq > 0)
}
