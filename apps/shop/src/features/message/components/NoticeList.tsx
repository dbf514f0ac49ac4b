import type { NoticeTab } from '@bazaar/contract/chat-values'
import type { NoticeItem } from '@bazaar/contract/notices'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { orderDetailHref } from '../../../shared/paths'
import { QueryList } from '../../../shared/ui/QueryList'
import { refreshCounters } from '../api/counters'
import { noticesKey } from '../api/keys'
import { readNotices, useNotices } from '../api/notices'
import styles from './NoticeList.module.css'
import { TimeText } from './TimeText'

/** Title and body of an entry: an order message rendered from its key and parameters, an announcement as written. */
function useNoticeText(item: NoticeItem): { title: string; body: string } {
  const { t } = useTranslation('notices')
  if (item.source === 'system') return { title: item.title, body: item.body }
  const key = item.key as 'order.placed'
  return { title: t(`${key}.title`), body: t(`${key}.body`, item.params as { orderNo: string }) }
}

function NoticeRow({ item }: { item: NoticeItem }) {
  const { title, body } = useNoticeText(item)
  const content = (
    <>
      <span className={styles.head}>
        {!item.read && <span className={styles.dot} aria-hidden="true" />}
        <span className={styles.title} dir="auto">
          {title}
        </span>
        <TimeText atMs={item.createdAtMs} className={styles.time} />
      </span>
      <span className={styles.body} dir="auto">
        {body}
      </span>
    </>
  )
  // Buyers' order and payment messages lead to the order.
  const href = item.source === 'order' && item.modules !== 'refund' ? orderDetailHref(item.modulesId) : undefined
  return (
    <li className={styles.item} data-testid="notice">
      {href ? (
        <Link to={href} className={styles.link}>
          {content}
        </Link>
      ) : (
        <div className={styles.link}>{content}</div>
      )}
    </li>
  )
}

/**
 * One message tab (SPEC §2: logistics, interaction, system notice), newest first. Opening it
 * reads it: the tab's entries are marked read on the server and the counters follow.
 */
export function NoticeList({ tab }: { tab: NoticeTab }) {
  const { t } = useTranslation('messages')
  const queryClient = useQueryClient()
  const query = useNotices(tab)
  const hasUnread = query.data?.pages.some((p) => p.items.some((i) => !i.read)) ?? false
  useEffect(() => {
    if (!hasUnread) return
    void readNotices(tab)
      .then(() => Promise.all([refreshCounters(), queryClient.invalidateQueries({ queryKey: [...noticesKey, 'counts'] })]))
      .catch(() => undefined)
  }, [hasUnread, tab, queryClient])

  return (
    <QueryList
      query={query}
      className={styles.list}
      skeleton={<li className={`${styles.skeleton} bz-shimmer`} aria-hidden="true" />}
      empty={{ title: t('noNotices') }}
      render={(item) => <NoticeRow key={`${item.source}:${item.id}`} item={item} />}
    />
  )
}
