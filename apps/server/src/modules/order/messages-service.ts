import type { NoticeTab } from '@bazaar/contract/chat-values'
import type { NoticeItem } from '@bazaar/contract/notices'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import * as repo from './messages-repo.ts'
import type { OrderMessagesTable } from './tables.ts'

declare module '../../db/commit-events.ts' {
  interface CommitEvents {
    /** An order message was stored for `userId` (pushed live as SPEC's `order` kind). */
    'order.message': { userId: number; item: NoticeItem }
  }
}

/**
 * The tabs order messages appear under (SPEC §2 message tabs): the order's way and its
 * after-sales cases' steps (issue 23) under logistics; refund answers stored before the
 * cases under interaction.
 */
const modulesOfTab = { logistics: ['order', 'payment', 'aftersales'], interaction: ['refund'] } as const
type OrderTab = keyof typeof modulesOfTab

const tabOf = (modules: string): OrderTab => (modules === 'refund' ? 'interaction' : 'logistics')

/** An order message as a message tab lists it: its key and parameters, rendered by the reader's app. */
export function toNoticeItem(row: Selectable<OrderMessagesTable>): NoticeItem {
  return {
    source: 'order',
    id: row.id,
    tab: tabOf(row.modules),
    key: row.message_key,
    params: JSON.parse(row.params_json) as Record<string, string>,
    modules: row.modules,
    modulesId: row.modules_id,
    createdAtMs: row.created_at_ms,
    read: row.read_at_ms !== null,
  }
}

/** A page of a user's order messages of one tab, newest first, before message `beforeId`; reads `limit + 1`. */
export async function orderMessagePage(
  trx: Trx,
  userId: number,
  tab: OrderTab,
  page: { beforeId?: number; limit: number },
): Promise<NoticeItem[]> {
  const rows = await repo.findMessagePage(trx, userId, modulesOfTab[tab], page.beforeId, page.limit)
  return rows.map(toNoticeItem)
}

/** A user's unread order messages per tab. */
export async function unreadOrderMessages(trx: Trx, userId: number): Promise<Record<OrderTab, number>> {
  const counts = { logistics: 0, interaction: 0 }
  for (const row of await repo.countUnreadByModule(trx, userId)) counts[tabOf(row.modules)] += Number(row.unread)
  return counts
}

/** Marks a user's order messages of a tab read: one (`id`) or all. Returns how many changed. */
export function markOrderMessagesRead(trx: Trx, userId: number, tab: Exclude<NoticeTab, 'system'>, id?: number): Promise<number> {
  return repo.markRead(trx, userId, modulesOfTab[tab], id, Date.now())
}

/** Whether a user has placed an order with a shop: its merchant may then write to them first (chat rules). */
export function hasOrderWithShop(trx: Trx, userId: number, shopId: number): Promise<boolean> {
  return repo.hasOrderWithShop(trx, userId, shopId)
}
