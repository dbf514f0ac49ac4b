import { z } from 'zod'
import { maxPageSize } from './catalog-values.ts'
import { noticeBodyMaxLength, noticeTabs, noticeTitleMaxLength } from './chat-values.ts'
import { cursorParam, multiLine, singleLine } from './text.ts'

/** SPEC §2 message tabs. */
export const NoticeTab = z.enum(noticeTabs)

/**
 * One entry of a message tab. An order message (SPEC §3 order-related message: modules,
 * modules_id) is a key plus parameters, rendered in the reader's language from the `notices`
 * bundle; an operators' announcement is the text they wrote.
 */
export const NoticeItem = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('order'),
    id: z.number().int(),
    tab: z.enum(['logistics', 'interaction']),
    key: z.string(),
    params: z.record(z.string(), z.string()),
    modules: z.string(),
    modulesId: z.number().int(),
    createdAtMs: z.number().int(),
    read: z.boolean(),
  }),
  z.object({
    source: z.literal('system'),
    id: z.number().int(),
    tab: z.literal('system'),
    title: z.string(),
    body: z.string(),
    createdAtMs: z.number().int(),
    read: z.boolean(),
  }),
])
export type NoticeItem = z.infer<typeof NoticeItem>

const limit = z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(20)

export const NoticeQuery = z.object({ tab: NoticeTab, cursor: cursorParam.optional(), limit }).strict()
export type NoticeQuery = z.infer<typeof NoticeQuery>
export const NoticePage = z.object({ items: z.array(NoticeItem), nextCursor: z.string().nullable() })
export type NoticePage = z.infer<typeof NoticePage>

/** Unread entries per tab (SPEC §3 local notification counters `order` = logistics + interaction, `notice` = system). */
export const NoticeCounts = z.object({ logistics: z.number().int(), interaction: z.number().int(), system: z.number().int() })
export type NoticeCounts = z.infer<typeof NoticeCounts>

/** Marks one entry of a tab read, or the whole tab when no id is given. */
export const NoticeReadBody = z.object({ tab: NoticeTab, id: z.number().int().positive().optional() }).strict()
export type NoticeReadBody = z.infer<typeof NoticeReadBody>

/** An operators' announcement (system notice), pushed to everyone connected and listed under 'system notice'. */
export const AnnouncementBody = z
  .object({
    title: singleLine().trim().min(1).max(noticeTitleMaxLength),
    body: multiLine().trim().min(1).max(noticeBodyMaxLength),
  })
  .strict()
export const Announcement = z.object({ id: z.number().int(), title: z.string(), body: z.string(), publishedAtMs: z.number().int() })
export type Announcement = z.infer<typeof Announcement>
export const AnnouncementPage = z.object({ items: z.array(Announcement), nextCursor: z.string().nullable() })
