import type { Conversation } from '@bazaar/contract/chat'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { chatHref } from '../../../shared/paths'
import { LineIcon } from '../../../shared/ui/LineIcon'
import { Avatar } from './Avatar'
import styles from './ConversationRow.module.css'
import { icons } from './icons'
import { TimeText } from './TimeText'

/** A chat list entry (SPEC §3: who, unread count, time and last content), with a menu to delete or clear it. */
export function ConversationRow({ conversation, onMenu }: { conversation: Conversation; onMenu: (c: Conversation) => void }) {
  const { t } = useTranslation('messages')
  const { peer, last, unread } = conversation
  const preview = !last ? '' : last.recalled ? t('preview.recalled') : last.type === 'text' ? (last.text ?? '') : t(`preview.${last.type}`)
  return (
    <li className={styles.row} data-testid="conversation">
      <Link to={chatHref({ conversationId: conversation.id })} className={styles.link}>
        <Avatar profile={peer} />
        <span className={styles.body}>
          <span className={styles.top}>
            <span className={styles.name}>{peer.service ? t('service') : peer.name}</span>
            {conversation.lastAtMs !== null && <TimeText atMs={conversation.lastAtMs} className={styles.time} />}
          </span>
          <span className={styles.bottom}>
            <span className={styles.preview} dir="auto">
              {preview}
            </span>
            {unread > 0 && (
              <span className={styles.badge} role="img" aria-label={t('unread', { amount: unread })} data-testid="conversation-unread">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className={styles.more}
        onClick={() => onMenu(conversation)}
        aria-label={t('more')}
        data-testid="conversation-more"
      >
        <LineIcon d={icons.more} />
      </button>
    </li>
  )
}

/** A conversation row's shape while the chat list loads (an `<li>`: avatar, name, last message). */
export function ConversationRowSkeleton() {
  return (
    <li className={styles.row} aria-hidden="true">
      <span className={styles.link}>
        <span className={`${styles.avatarSkeleton} bz-shimmer`} />
        <span className={styles.body}>
          <span className={`${styles.lineSkeleton} bz-shimmer`} />
          <span className={`${styles.lineSkeleton} ${styles.short} bz-shimmer`} />
        </span>
      </span>
    </li>
  )
}
