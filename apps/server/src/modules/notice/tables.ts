import type { Id } from '../../db/column-types.ts'

/** Tables of the notice module: operators' announcements (system notices) and who read them. */
export interface NoticeTables {
  announcements: AnnouncementsTable
  announcement_reads: AnnouncementReadsTable
}

export interface AnnouncementsTable {
  id: Id
  title: string
  body: string
  operator_id: number
  published_at_ms: number
}

export interface AnnouncementReadsTable {
  announcement_id: number
  user_id: number
  read_at_ms: number
}
