import type { Conversation } from '@bazaar/contract/chat'
import { isNoticeTab, type NoticeTab, noticeTabs } from '@bazaar/contract/chat-values'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { addToCounter } from '../../../shared/chat/counters'
import { dropHistory } from '../../../shared/chat/history'
import { useChatPush } from '../../../shared/chat/use-chat-push'
import { messagesHref } from '../../../shared/paths'
import { useSession } from '../../../shared/session'
import { confirm, showDialog } from '../../../shared/ui/dialog'
import { LineIcon } from '../../../shared/ui/LineIcon'
import { PageHeader } from '../../../shared/ui/PageHeader'
import { QueryList } from '../../../shared/ui/QueryList'
import { useChangeConversation } from '../api/change-conversation'
import { useConversations } from '../api/get-conversations'
import { chatKey, noticesKey } from '../api/keys'
import { useNoticeCounts } from '../api/notices'
import { useReadAll } from '../api/read-all'
import { ConversationRow, ConversationRowSkeleton } from '../components/ConversationRow'
import { icons } from '../components/icons'
import { NoticeList } from '../components/NoticeList'
import styles from './MessagesPage.module.css'

const tabIcons: Record<NoticeTab, readonly string[]> = { logistics: icons.truck, interaction: icons.like, system: icons.bell }

/**
 * /pages/message/index (SPEC §2): the message tabs (logistics, interaction, system notice)
 * with their unread counts, and the chat list. `?tab=` shows that tab's entries. 'Mark all
 * read' asks first, then zeroes every counter (SPEC §4).
 */
export default function MessagesPage() {
  // Both namespaces load with the page (the tabs render order messages from `notices`).
  const { t } = useTranslation(['messages', 'notices'])
  const [params] = useSearchParams()
  const tab = params.get('tab')
  const queryClient = useQueryClient()
  const userId = useSession()?.user?.id ?? 0
  const conversations = useConversations()
  const counts = useNoticeCounts()
  const readAll = useReadAll()
  const change = useChangeConversation()

  useChatPush((push) => {
    if (push.kind === 'order' || push.kind === 'notice') void queryClient.invalidateQueries({ queryKey: noticesKey })
    else if (push.kind !== 'pong' && push.kind !== 'reply') void queryClient.invalidateQueries({ queryKey: [...chatKey, 'list'] })
  })

  const askReadAll = async () => {
    if (await confirm({ content: t('readAllConfirm'), confirmText: t('readAll'), cancelText: t('cancel') })) readAll.mutate()
  }

  const openMenu = (conversation: Conversation) => {
    const act = async (action: 'delete' | 'clear') => {
      if (!(await confirm({ content: t(action === 'delete' ? 'deleteConfirm' : 'clearConfirm'), cancelText: t('cancel') }))) return
      await change.mutateAsync({ id: conversation.id, action })
      // SPEC §4: deleting (or clearing, which reads it) subtracts its unread count.
      addToCounter('chat', -conversation.unread)
      dropHistory(userId, conversation.id)
    }
    void showDialog({
      closeOnAction: true,
      closeOnMaskClick: true,
      actions: [
        { key: 'clear', text: t('clear'), onClick: () => void act('clear').catch(() => undefined) },
        { key: 'delete', text: t('delete'), danger: true, onClick: () => void act('delete').catch(() => undefined) },
        { key: 'cancel', text: t('cancel') },
      ],
    })
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={tab && isNoticeTab(tab) ? t(`tabs.${tab}`) : t('title')}
        right={
          <button
            type="button"
            className={styles.readAll}
            onClick={() => void askReadAll()}
            disabled={readAll.isPending}
            data-testid="read-all"
          >
            {t('readAll')}
          </button>
        }
      />
      <nav className={styles.tabs}>
        {noticeTabs.map((name) => {
          const unread = counts.data?.[name] ?? 0
          return (
            <Link
              key={name}
              to={messagesHref(name)}
              replace={tab !== null}
              className={tab === name ? `${styles.tab} ${styles.active}` : styles.tab}
              data-testid={`tab-${name}`}
            >
              <span className={`${styles.icon} ${styles[name]}`}>
                <LineIcon d={tabIcons[name]} />
                {unread > 0 && <span className={styles.badge}>{unread > 99 ? '99+' : unread}</span>}
              </span>
              {t(`tabs.${name}`)}
            </Link>
          )
        })}
      </nav>
      {tab && isNoticeTab(tab) ? (
        <NoticeList tab={tab} />
      ) : (
        <section>
          <h2 className={styles.heading}>{t('chats')}</h2>
          <QueryList
            query={conversations}
            className={styles.list}
            testId="conversations"
            skeleton={<ConversationRowSkeleton />}
            skeletonCount={3}
            empty={{ title: t('noChats') }}
            render={(c) => <ConversationRow key={c.id} conversation={c} onMenu={openMenu} />}
          />
        </section>
      )}
    </div>
  )
}
