import { ApiError } from '@bazaar/contract/api-error'
import type { ChatMessage, OpenConversationBody } from '@bazaar/contract/chat'
import { translateErrorKey } from '@bazaar/i18n/error-text'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { setActiveConversation } from '../../../shared/chat/events'
import { useChatPush } from '../../../shared/chat/use-chat-push'
import { useSession } from '../../../shared/session'
import { confirm } from '../../../shared/ui/dialog'
import { EmptyState } from '../../../shared/ui/EmptyState'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { PageSpinner } from '../../../shared/ui/PageSpinner'
import { readConversation, recallMessage } from '../api/change-conversation'
import { refreshCounters } from '../api/counters'
import { uploadChatImage, uploadVoice } from '../api/files'
import { useConversations } from '../api/get-conversations'
import { useOpenConversation } from '../api/open-conversation'
import { Composer } from '../components/Composer'
import { MessageBubble } from '../components/MessageBubble'
import { type Outgoing, useChatMessages } from '../hooks/useChatMessages'
import styles from './ChatPage.module.css'

/** Who to talk to, from the address: `?id=` a known conversation, `?shop=`, `?user=` or `?service=1`. */
function targetOf(params: URLSearchParams): { id?: number; open?: OpenConversationBody } {
  const id = Number(params.get('id')) || 0
  if (id > 0) return { id }
  const shopId = Number(params.get('shop')) || 0
  if (shopId > 0) return { open: { shopId } }
  const userId = Number(params.get('user')) || 0
  if (userId > 0) return { open: { userId } }
  return params.get('service') === '1' ? { open: { service: true } } : {}
}

function Pending({ item, onRetry }: { item: Outgoing; onRetry: () => void }) {
  const { t } = useTranslation('messages')
  const label = item.body.type === 'text' ? item.body.text : t(`preview.${item.body.type}`)
  return (
    <li className={styles.pending}>
      <span className={styles.pendingBubble} dir="auto">
        {label}
      </span>
      {item.failed && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t('chat.failed')}
        </button>
      )}
    </li>
  )
}

/**
 * /pages/message/chat (SPEC §2, §3): a conversation with a shop, a buyer or customer
 * service. Text, photos, voice messages and product cards (`&goods=` offers one to send);
 * my messages can be recalled within 2 minutes. Each message says when it was sent, and mine
 * say 'Read' once the other side's last-read sequence reaches them (live, by their `read`
 * push). While open, new messages are read here.
 */
export default function ChatPage() {
  const { t } = useTranslation('messages')
  const [params, setParams] = useSearchParams()
  const userId = useSession()?.user?.id ?? 0
  const target = targetOf(params)
  const opened = useOpenConversation(target.open)
  const list = useConversations()
  const conversation = opened.data ?? list.data?.items.find((c) => c.id === target.id)
  const conversationId = target.id ?? opened.data?.id
  const { messages, outgoing, hasEarlier, loadEarlier, send } = useChatMessages(userId, conversationId)
  const [busy, setBusy] = useState(false)
  const goods = Number(params.get('goods')) || 0
  const end = useRef<HTMLDivElement>(null)
  const lastSeq = messages.at(-1)?.seq ?? 0
  // How far the other side has read: the list's figure, moved on live by their 'read' pushes.
  const [pushedRead, setPushedRead] = useState({ conversationId: 0, seq: 0 })
  useChatPush((push) => {
    if (push.kind === 'read' && push.data.conversationId === conversationId)
      setPushedRead((now) => ({ conversationId: push.data.conversationId, seq: Math.max(now.seq, push.data.seq) }))
  })
  // An answer reads what came before it (the server moves the writer's mark as it stores it).
  const answeredSeq = messages.reduce((seq, m) => (m.from.service || m.from.id !== userId ? Math.max(seq, m.seq) : seq), 0)
  const peerReadSeq = Math.max(
    conversation?.peerReadSeq ?? 0,
    pushedRead.conversationId === conversationId ? pushedRead.seq : 0,
    answeredSeq,
  )

  useEffect(() => {
    setActiveConversation(conversationId)
    return () => setActiveConversation(undefined)
  }, [conversationId])

  // What arrives while the chat is open is read here; the counters follow the server.
  useEffect(() => {
    if (!conversationId || lastSeq === 0) return
    void readConversation(conversationId, lastSeq)
      .then(refreshCounters)
      .catch(() => undefined)
  }, [conversationId, lastSeq])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (or one on its way) scrolls to the end
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' })
  }, [lastSeq, outgoing.length])

  const upload = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch {
      // The upload's error was shown as a toast.
    } finally {
      setBusy(false)
    }
  }

  const offerRecall = async (message: ChatMessage) => {
    if (await confirm({ content: t('chat.recallConfirm'), confirmText: t('chat.recall'), cancelText: t('cancel') }))
      await recallMessage(message.id).catch(() => undefined)
  }

  const title = conversation ? (conversation.peer.service ? t('service') : conversation.peer.name) : ''
  if (!conversationId) {
    const failed = opened.isError || (!target.open && !target.id)
    return (
      <div className={styles.page}>
        <PageHeader title={t('title')} />
        {failed ? (
          <EmptyState
            title={t('chat.unavailable')}
            hint={opened.error instanceof ApiError ? translateErrorKey(opened.error.key) : undefined}
          />
        ) : (
          <PageSpinner />
        )}
      </div>
    )
  }

  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      <ol className={styles.messages} data-testid="chat-messages">
        {hasEarlier && (
          <li className={styles.earlier}>
            <button type="button" onClick={() => void loadEarlier().catch(() => undefined)}>
              {t('chat.earlier')}
            </button>
          </li>
        )}
        {messages.map((m) => {
          const mine = !m.from.service && m.from.id === userId
          return (
            <MessageBubble
              key={m.seq}
              message={m}
              mine={mine}
              read={mine && m.seq <= peerReadSeq}
              onRecall={mine ? (msg) => void offerRecall(msg) : undefined}
            />
          )
        })}
        {outgoing.map((o) => (
          <Pending key={o.clientKey} item={o} onRetry={() => void send(o.body, o.clientKey)} />
        ))}
      </ol>
      <div ref={end} />
      {goods > 0 && (
        <div className={styles.offer}>
          <button
            type="button"
            className={styles.offerButton}
            onClick={() => {
              void send({ type: 'goods', listingId: goods })
              params.delete('goods')
              setParams(params, { replace: true })
            }}
            data-testid="send-goods"
          >
            {t('chat.sendGoods')}
          </button>
        </div>
      )}
      <Composer
        busy={busy}
        onText={(text) => void send({ type: 'text', text })}
        onPhoto={(file) =>
          void upload(async () => {
            const image = await uploadChatImage(file)
            await send({ type: 'img', uploadId: image.id })
          })
        }
        onVoice={({ clip, seconds }) =>
          void upload(async () => {
            const voice = await uploadVoice(clip)
            await send({ type: 'voice', uploadId: voice.id, durationS: seconds })
          })
        }
      />
    </div>
  )
}
