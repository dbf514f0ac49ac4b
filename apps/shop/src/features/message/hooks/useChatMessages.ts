import type { ChatMessage, SendBody } from '@bazaar/contract/chat'
import { chatHistoryPerConversation } from '@bazaar/contract/chat-values'
import { useCallback, useEffect, useState } from 'react'
import { mergeHistory, onHistoryChange, readHistory } from '../../../shared/chat/history'
import { mintKey } from '../../../shared/idempotency'
import { getMessages } from '../api/get-messages'
import { sendMessage } from '../api/send-message'

/** A message on its way: shown at once, marked failed when no answer came (tap to send again, same key). */
export type Outgoing = { clientKey: string; body: SendBody; failed: boolean }

/**
 * The messages of an open conversation: the device history (the last 96, SPEC §3), topped
 * up from the server on opening (what followed the last held sequence), live pushes (the
 * runtime writes them to the history), earlier pages on request, and my outgoing messages.
 */
export function useChatMessages(userId: number, conversationId: number | undefined) {
  const [stored, setStored] = useState<ChatMessage[]>([])
  const [earlier, setEarlier] = useState<ChatMessage[]>([])
  const [hasEarlier, setHasEarlier] = useState(false)
  const [outgoing, setOutgoing] = useState<Outgoing[]>([])

  useEffect(() => {
    if (!conversationId) return
    setStored(readHistory(userId, conversationId))
    setEarlier([])
    const stop = onHistoryChange((changed) => changed === conversationId && setStored(readHistory(userId, conversationId)))
    const held = readHistory(userId, conversationId)
    const lastSeq = held.at(-1)?.seq
    // Catch up after what is held; with nothing held (or a long gap) take the latest page.
    void getMessages(conversationId, lastSeq ? { afterSeq: lastSeq, limit: chatHistoryPerConversation } : { limit: 50 })
      .then(async (page) => {
        if (lastSeq && page.more) page = await getMessages(conversationId, { limit: 50 })
        mergeHistory(userId, conversationId, page.items)
        const first = readHistory(userId, conversationId)[0]
        setHasEarlier((first?.seq ?? 1) > 1)
      })
      .catch(() => undefined)
    return stop
  }, [userId, conversationId])

  const loadEarlier = useCallback(async () => {
    const first = earlier[0] ?? stored[0]
    if (!conversationId || !first) return
    const page = await getMessages(conversationId, { beforeSeq: first.seq, limit: 50 })
    setEarlier((now) => [...page.items, ...now])
    setHasEarlier(page.more)
  }, [conversationId, earlier, stored])

  const send = useCallback(
    async (body: SendBody, clientKey = mintKey()) => {
      if (!conversationId) return
      setOutgoing((now) => [...now.filter((o) => o.clientKey !== clientKey), { clientKey, body, failed: false }])
      try {
        const message = await sendMessage(conversationId, { ...body, clientKey })
        mergeHistory(userId, conversationId, [message])
        setOutgoing((now) => now.filter((o) => o.clientKey !== clientKey))
      } catch {
        setOutgoing((now) => now.map((o) => (o.clientKey === clientKey ? { ...o, failed: true } : o)))
      }
    },
    [userId, conversationId],
  )

  const storedSeqs = new Set(stored.map((m) => m.seq))
  const messages = [...earlier.filter((m) => !storedSeqs.has(m.seq)), ...stored]
  const keysShown = new Set(messages.map((m) => m.clientKey))
  return { messages, outgoing: outgoing.filter((o) => !keysShown.has(o.clientKey)), hasEarlier, loadEarlier, send }
}
