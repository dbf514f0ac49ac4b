import type { ChatMessage, ConversationList, SocketPush } from '@bazaar/contract/chat'
import { chatListDelayMs } from '@bazaar/contract/chat-values'
import type { NoticeCounts, NoticeItem } from '@bazaar/contract/notices'
import type { i18n as I18n } from 'i18next'
import { addToCounter, setCounters, zeroCounters } from './counters'
import { activeConversation, emitPush } from './events'
import { catchUpCursors, dropHistory, mergeHistory, recallInHistory } from './history'
import { noticesOn, playChime } from './settings'
import { ChatSocket } from './socket'

/**
 * What the runtime needs from the app, handed in rather than imported: the runtime is its
 * own chunk, and importing modules of the first route from it would make the bundler split
 * the first route's chunks (measured: +0.9 KB gzip on B1).
 */
export interface RuntimeDeps {
  token: string
  userId: number
  i18n: I18n
  /** shared/api/client `apiGet`, quiet (no toasts): a 401 still logs out. */
  get<T>(path: string): Promise<T>
  /** The page open now (shared/paths `currentPath`). */
  currentPath(): string
  /** Shows a short alert (shared/ui/toast). */
  toast(text: string): void
}

/** Loads the server's unread figures into the local counters (SPEC §4: the chat list, 300 ms after the socket starts). */
export async function reloadCounters(get: RuntimeDeps['get']): Promise<void> {
  const [list, counts] = await Promise.all([get<ConversationList>('/chat/conversations'), get<NoticeCounts>('/notices/counts')])
  setCounters({ chat: list.unread, order: counts.logistics + counts.interaction, notice: counts.system })
}

/**
 * A short line for an alert: who wrote and what, in the reader's language. Until the
 * message texts have arrived, kinds that need a translated word show the writer's name
 * alone (the chime and the badge still come).
 */
function alertText(push: SocketPush, i18n: I18n): string | undefined {
  const word = (key: string) => (i18n.exists(key) ? i18n.t(key as 'messages:title') : undefined)
  if (push.kind === 'chat' || push.kind === 'service') {
    const m: ChatMessage = push.data
    const who = m.from.service ? (word('messages:service') ?? '') : m.from.name
    const what = m.content && 'text' in m.content ? m.content.text : word(`messages:preview.${m.type === 'text' ? 'recalled' : m.type}`)
    return what ? `${who}: ${what}` : who
  }
  if (push.kind === 'order' || push.kind === 'notice') {
    const item: NoticeItem = push.data
    return item.source === 'system' ? item.title : word(`notices:${item.key}.title`)
  }
  return undefined
}

/** SPEC §4: a new message plays a sound (and shows an alert off the message pages) when message notices are on. */
function alert(push: SocketPush, deps: RuntimeDeps): void {
  if (!noticesOn()) return
  playChime()
  const text = alertText(push, deps.i18n)
  const onMessagePages = deps.currentPath().startsWith('/pages/message/')
  if (text && !onMessagePages) deps.toast(text.length > 80 ? `${text.slice(0, 79)}…` : text)
}

/**
 * The chat of a signed-in person (SPEC §4 local chat flow): the socket opens while the app
 * is shown and closes while it is hidden; 300 ms after it starts the counters load; a new
 * message goes into the device history and raises the unread count (unless its conversation
 * is on screen) with a sound; a recall or a change on another device reloads the counts.
 * Returns the stop (logout, or another account).
 */
export function startChatRuntime(deps: RuntimeDeps): () => void {
  const { token, userId } = deps
  let countersTimer: ReturnType<typeof setTimeout> | undefined
  const reload = () => void reloadCounters(deps.get).catch(() => undefined)
  const checkSession = () => void deps.get('/chat/conversations').catch(() => undefined)

  const handle = (push: SocketPush) => {
    switch (push.kind) {
      case 'init': {
        const byConversation = new Map<number, ChatMessage[]>()
        for (const m of push.data.missed) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m])
        for (const [conversationId, messages] of byConversation) mergeHistory(userId, conversationId, messages)
        clearTimeout(countersTimer)
        countersTimer = setTimeout(reload, chatListDelayMs)
        break
      }
      case 'chat':
      case 'service': {
        const message = push.data
        mergeHistory(userId, message.conversationId, [message])
        const mine = !message.from.service && message.from.id === userId
        if (!mine && activeConversation() !== message.conversationId) {
          addToCounter('chat', 1)
          alert(push, deps)
        }
        break
      }
      case 'recall':
        recallInHistory(userId, push.data.conversationId, push.data.messageId, Date.now())
        reload()
        break
      case 'order':
        addToCounter('order', 1)
        alert(push, deps)
        break
      case 'notice':
        addToCounter('notice', 1)
        alert(push, deps)
        break
      case 'live':
        if (push.data.reason === 'resync') {
          // The node may have missed pushes: start again, naming what is held.
          socket.stop()
          socket.start()
        } else {
          if (push.data.conversationId !== null && push.data.reason !== 'read') dropHistory(userId, push.data.conversationId)
          reload()
        }
        break
      default:
        break
    }
    emitPush(push)
  }

  const socket = new ChatSocket({
    token,
    cursors: () => catchUpCursors(userId),
    onPush: handle,
    onSessionEnded: checkSession,
    onRefused: checkSession,
  })
  const follow = () => {
    if (document.visibilityState === 'visible') socket.start()
    else socket.stop()
  }
  follow()
  // The alerts' words: loaded once here (the i18n instance's own loader), kept across language changes.
  void deps.i18n.loadNamespaces(['messages', 'notices']).catch(() => undefined)
  document.addEventListener('visibilitychange', follow)
  return () => {
    clearTimeout(countersTimer)
    document.removeEventListener('visibilitychange', follow)
    socket.stop()
    // Another account may sign in next: its counters load 300 ms after its socket starts.
    zeroCounters()
  }
}
