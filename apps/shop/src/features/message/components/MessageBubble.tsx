import type { ChatContent, ChatMessage } from '@bazaar/contract/chat'
import { recallWindowMs } from '@bazaar/contract/chat-values'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { goodsHref } from '../../../shared/paths'
import { LineIcon } from '../../../shared/ui/LineIcon'
import { ListingImage } from '../../../shared/ui/ListingImage'
import { Money } from '../../../shared/ui/Money'
import { useChatFile } from '../api/files'
import { icons } from './icons'
import styles from './MessageBubble.module.css'
import { TimeText } from './TimeText'

type Of<K extends string> = Extract<ChatContent, Record<K, unknown>>

/** A photo sent in the chat, its box reserved by its size. */
function ChatPhoto({ message, content }: { message: ChatMessage; content: Of<'width'> }) {
  const url = useChatFile(message.id)
  return (
    <span className={styles.photo} style={{ aspectRatio: `${content.width} / ${content.height}` }}>
      {url && <img src={url} alt="" width={content.width} height={content.height} />}
    </span>
  )
}

/** A voice message: its length, played on tap (the file is fetched on the first tap). */
function Voice({ message, content }: { message: ChatMessage; content: Of<'durationS'> }) {
  const { t } = useTranslation('messages')
  const [wanted, setWanted] = useState(false)
  const [playing, setPlaying] = useState(false)
  const audio = useRef<HTMLAudioElement>(null)
  const url = useChatFile(message.id, wanted)
  const toggle = () => {
    setWanted(true)
    const el = audio.current
    if (!el) return
    if (el.paused) void el.play().catch(() => undefined)
    else el.pause()
  }
  return (
    <button type="button" className={styles.voice} onClick={toggle} aria-label={t('chat.play')} data-testid="voice-message">
      <LineIcon d={playing ? icons.wave : icons.play} />
      <span>{t('chat.seconds', { seconds: content.durationS })}</span>
      {url && (
        // biome-ignore lint/a11y/useMediaCaption: a voice message has no captions; its button is labelled
        <audio
          ref={audio}
          src={url}
          autoPlay
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      )}
    </button>
  )
}

function Goods({ content }: { content: Of<'listingId'> }) {
  return (
    <Link to={goodsHref(content.listingId)} className={styles.goods} data-testid="goods-card">
      <ListingImage image={content.image} alt="" sizes="64px" ratio="1 / 1" className={styles.goodsImage} />
      <span className={styles.goodsText}>
        <span className={styles.goodsTitle}>{content.title}</span>
        <Money cents={content.priceCents} className={styles.price} />
      </span>
    </Link>
  )
}

/** What a message says: text (shown as text, never as markup), a photo, a voice clip or a product card. */
function Content({ message }: { message: ChatMessage }) {
  const content = message.content
  if (!content) return null
  if ('text' in content)
    return (
      <p className={styles.text} dir="auto">
        {content.text}
      </p>
    )
  if ('width' in content) return <ChatPhoto message={message} content={content} />
  if ('durationS' in content) return <Voice message={message} content={content} />
  return <Goods content={content} />
}

type Props = {
  message: ChatMessage
  mine: boolean
  /** Mine and the other side's last-read sequence has reached it. */
  read?: boolean
  onRecall?: (m: ChatMessage) => void
}

/**
 * One message of the chat: mine on the reading side's end, theirs at the start, each with
 * when it was sent (TimeText), and mine with 'Read' once the other side has read it. A
 * merchant's message that shows signs of payment outside the platform carries the plain
 * warning to the buyer. My own message offers recall within 2 minutes (a button of its own:
 * a bubble may hold a link, and controls do not nest).
 */
export function MessageBubble({ message, mine, read = false, onRecall }: Props) {
  const { t } = useTranslation('messages')
  if (message.recalledAtMs !== null)
    return (
      <li className={styles.recalled} data-testid="message-recalled">
        {mine ? t('chat.recalledMine') : t('chat.recalledTheirs')}
      </li>
    )
  return (
    <li className={mine ? `${styles.row} ${styles.mine}` : styles.row} data-testid="message" data-seq={message.seq}>
      <div className={`${styles.bubble} ${styles[message.type]}`}>
        <Content message={message} />
      </div>
      <p className={styles.meta}>
        <TimeText atMs={message.createdAtMs} testId="message-time" />
        {mine && read && <span data-testid="message-read">{t('chat.read')}</span>}
      </p>
      {mine && onRecall && Date.now() - message.createdAtMs < recallWindowMs && (
        <button type="button" className={styles.recall} onClick={() => onRecall(message)} data-testid="recall">
          {t('chat.recall')}
        </button>
      )}
      {message.warning && !mine && (
        <p className={styles.warning} role="note" data-testid="safety-warning">
          {t('chat.warning')}
        </p>
      )}
    </li>
  )
}
