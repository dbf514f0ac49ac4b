import type { Announcement, NoticeCounts, NoticeItem, NoticePage, NoticeQuery, NoticeReadBody } from '@bazaar/contract/notices'
import type { Selectable } from 'kysely'
import { emitAfterCommit } from '../../db/commit-events.ts'
import type { Db } from '../../db/database.ts'
import type { SessionUser } from '../../platform/access.ts'
import { recordAudit } from '../../platform/audit.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { markOrderMessagesRead, orderMessagePage, unreadOrderMessages } from '../order/messages-service.ts'
import * as repo from './repo.ts'
import type { AnnouncementsTable } from './tables.ts'

declare module '../../db/commit-events.ts' {
  interface CommitEvents {
    /** An operator published an announcement (pushed live to everyone as SPEC's `notice` kind). */
    'notice.published': NoticeItem
  }
}

const toItem = (row: Pick<Selectable<AnnouncementsTable>, 'id' | 'title' | 'body' | 'published_at_ms'>, read: boolean): NoticeItem => ({
  source: 'system',
  id: row.id,
  tab: 'system',
  title: row.title,
  body: row.body,
  createdAtMs: row.published_at_ms,
  read,
})

/**
 * One message tab (SPEC §2: logistics, interaction, system notice), newest first, with each
 * entry's read state. Order messages come from the order module.
 * @throws 'Invalid cursor'
 */
export async function noticePage(db: Db, user: SessionUser, query: NoticeQuery): Promise<NoticePage> {
  const beforeId = afterIdOf(query.cursor, `notices-${query.tab}`)
  if (query.tab === 'system') {
    const rows = await repo.findAnnouncementPage(db.kysely, user.id, beforeId, query.limit)
    return {
      items: rows.slice(0, query.limit).map((r) => toItem(r, r.read_at_ms !== null)),
      nextCursor: nextIdCursor(rows, query.limit, `notices-${query.tab}`),
    }
  }
  const items = await orderMessagePage(db.kysely, user.id, query.tab, { beforeId, limit: query.limit })
  return { items: items.slice(0, query.limit), nextCursor: nextIdCursor(items, query.limit, `notices-${query.tab}`) }
}

/** Unread entries per tab (SPEC §3 local counters: `order` and `notice`). */
export async function noticeCounts(db: Db, user: SessionUser): Promise<NoticeCounts> {
  const [orders, system] = await Promise.all([unreadOrderMessages(db.kysely, user.id), repo.countUnread(db.kysely, user.id)])
  return { ...orders, system }
}

/** Marks one entry of a tab read, or the whole tab. */
export async function markNoticesRead(db: Db, user: SessionUser, body: NoticeReadBody): Promise<void> {
  if (body.tab === 'system') await repo.markRead(db.kysely, user.id, body.id, Date.now())
  else await markOrderMessagesRead(db.kysely, user.id, body.tab, body.id)
}

/**
 * Publishes an operators' announcement (a system notice): stored with an audit entry, then
 * pushed live to everyone connected once committed.
 */
export async function publishAnnouncement(db: Db, operatorId: number, body: { title: string; body: string }): Promise<Announcement> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.insertAnnouncement(trx, {
      title: body.title,
      body: body.body,
      operator_id: operatorId,
      published_at_ms: Date.now(),
    })
    await recordAudit(trx, { operatorId, action: 'notice.publish', targetType: 'announcement', targetId: row.id })
    await emitAfterCommit(trx, 'notice.published', toItem(row, false))
    return { id: row.id, title: row.title, body: row.body, publishedAtMs: row.published_at_ms }
  })
}

/** Announcements for the console, newest first. @throws 'Invalid cursor' */
export async function announcementPage(db: Db, query: { cursor?: string; limit: number }) {
  const rows = await repo.findAnnouncements(db.kysely, afterIdOf(query.cursor, 'announcements'), query.limit)
  return {
    items: rows.slice(0, query.limit).map((r) => ({ id: r.id, title: r.title, body: r.body, publishedAtMs: r.published_at_ms })),
    nextCursor: nextIdCursor(rows, query.limit, 'announcements'),
  }
}
