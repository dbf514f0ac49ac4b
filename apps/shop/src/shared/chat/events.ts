import type { SocketPush } from '@bazaar/contract/chat'

/**
 * What the chat socket hears, for the screens open now (the chat list reloads on a recall,
 * the open chat shows a new message at once), and which conversation is on screen (its new
 * messages are read there, so they do not count as unread).
 */
export type Listener = (push: SocketPush) => void
const listeners = new Set<Listener>()
let activeConversationId: number | undefined

export function emitPush(push: SocketPush): void {
  for (const listener of [...listeners]) listener(push)
}

/** Calls `listener` with every push until the returned function is called (use-chat-push.ts for components). */
export function onPush(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function setActiveConversation(id: number | undefined): void {
  activeConversationId = id
}

export function activeConversation(): number | undefined {
  return activeConversationId
}
