import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'

export function insertAnnouncement(db: Trx, row: { title: string; body: string; operator_id: number; published_at_ms: number }) {
  return db.insertInto('announcements').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Announcements newest first, before `beforeId`, with whether `userId` read each; reads `limit + 1`. */
export function findAnnouncementPage(db: Trx, userId: number, beforeId: number | undefined, limit: number) {
  let q = db
    .selectFrom('announcements as a')
    .leftJoin('announcement_reads as r', (join) => join.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', userId))
    .select(['a.id', 'a.title', 'a.body', 'a.published_at_ms', 'r.read_at_ms'])
  if (beforeId !== undefined) q = q.where('a.id', '<', beforeId)
  return q
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** Announcements newest first for operators, before `beforeId`; reads `limit + 1`. */
export function findAnnouncements(db: Trx, beforeId: number | undefined, limit: number) {
  let q = db.selectFrom('announcements').selectAll()
  if (beforeId !== undefined) q = q.where('id', '<', beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** Announcements `userId` has not read. */
export async function countUnread(db: Trx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('announcements as a')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('announcement_reads as r')
            .select('r.announcement_id')
            .whereRef('r.announcement_id', '=', 'a.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Marks announcements read for a user: one (`id`) or every one not read yet. */
export async function markRead(db: Trx, userId: number, id: number | undefined, nowMs: number): Promise<void> {
  let unread = db
    .selectFrom('announcements as a')
    .select(['a.id as announcement_id', sql.lit(userId).as('user_id'), sql.lit(nowMs).as('read_at_ms')])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('announcement_reads as r')
            .select('r.announcement_id')
            .whereRef('r.announcement_id', '=', 'a.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
  if (id !== undefined) unread = unread.where('a.id', '=', id)
  await db
    .insertInto('announcement_reads')
    .columns(['announcement_id', 'user_id', 'read_at_ms'])
    .expression(unread)
    .onConflict((oc) => oc.columns(['user_id', 'announcement_id']).doNothing())
    .execute()
}
