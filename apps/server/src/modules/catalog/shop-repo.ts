import type { Insertable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { ShopsTable } from './tables.ts'

/** Inserts a shop and returns its id. */
export function insertShop(db: Trx, row: Insertable<ShopsTable>) {
  return db.insertInto('shops').values(row).returning('id').executeTakeFirstOrThrow()
}

/** Every column of a shop, or undefined. */
export function findShopRow(db: Trx, shopId: number) {
  return db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirst()
}

/** Whether another shop has this name (case-insensitive). */
export async function shopNameTaken(db: Trx, name: string, exceptShopId?: number): Promise<boolean> {
  let q = db.selectFrom('shops').select('id').where(sql`lower(name)`, '=', name.toLowerCase())
  if (exceptShopId !== undefined) q = q.where('id', '!=', exceptShopId)
  return (await q.executeTakeFirst()) !== undefined
}

/** Changes columns of a shop. */
export function updateShop(db: Trx, shopId: number, changes: Updateable<ShopsTable>) {
  return db.updateTable('shops').set(changes).where('id', '=', shopId).executeTakeFirst()
}

/**
 * Moves a shop from one level to another with a conditional update, so of many concurrent
 * changes from the same level only one applies.
 * @returns whether it moved
 */
export async function moveShopLevel(db: Trx, shopId: number, fromLevel: number, toLevel: number): Promise<boolean> {
  const r = await db.updateTable('shops').set({ level: toLevel }).where('id', '=', shopId).where('level', '=', fromLevel).executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Adds points to a shop's credit score, kept within `min`..`max` in the statement itself. */
export function addCredit(db: Trx, shopId: number, points: number, min: number, max: number) {
  return db
    .updateTable('shops')
    .set({
      credit_score: sql<number>`case when credit_score + ${points} > ${max} then ${max} when credit_score + ${points} < ${min} then ${min} else credit_score + ${points} end`,
    })
    .where('id', '=', shopId)
    .execute()
}

/**
 * Counts one more on-sale listing if the shop has fewer than `max`: a conditional update
 * whose row count decides, so concurrent listings never pass the level's limit.
 */
export async function takeListingSlot(db: Trx, shopId: number, max: number): Promise<boolean> {
  const r = await db
    .updateTable('shops')
    .set((eb) => ({ listing_count: eb('listing_count', '+', 1) }))
    .where('id', '=', shopId)
    .where('listing_count', '<', max)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Counts `n` fewer on-sale listings. */
export function releaseListingSlots(db: Trx, shopId: number, n: number) {
  return db
    .updateTable('shops')
    .set((eb) => ({ listing_count: eb('listing_count', '-', n) }))
    .where('id', '=', shopId)
    .execute()
}

/** Records one visitor of a shop on a day (a repeat visit the same day adds nothing). */
export function insertVisit(db: Trx, row: { shop_id: number; day: number; visitor_hash: string }) {
  return db
    .insertInto('shop_visits')
    .values(row)
    .onConflict((oc) => oc.columns(['shop_id', 'day', 'visitor_hash']).doNothing())
    .execute()
}

/** Visitors of a shop per day from `sinceDay`, and in all. */
export async function countVisits(db: Trx, shopId: number, sinceDay: number) {
  const byDay = await db
    .selectFrom('shop_visits')
    .select((eb) => ['day', eb.fn.countAll<number>().as('n')])
    .where('shop_id', '=', shopId)
    .where('day', '>=', sinceDay)
    .groupBy('day')
    .execute()
  const total = await db
    .selectFrom('shop_visits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow()
  return { byDay: byDay.map((r) => ({ day: Number(r.day), visitors: Number(r.n) })), total: Number(total.n) }
}

/** A page of shops by id for the console, optionally by a name fragment; reads `limit + 1`. */
export function findShopAdminPage(db: Trx, query: { q?: string; afterId?: number; limit: number }) {
  let q = db.selectFrom('shops').selectAll()
  if (query.q) q = q.where(sql`lower(name)`, 'like', `%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%`)
  if (query.afterId !== undefined) q = q.where('id', '>', query.afterId)
  return q
    .orderBy('id')
    .limit(query.limit + 1)
    .execute()
}

/** Shops opened since a time, in all and per UTC day. */
export async function countShopsSince(db: Trx, sinceMs: number, dayMs: number) {
  const { rows } = await sql<{ day: number | string; n: number | string }>`
    select cast(created_at_ms / ${sql.lit(dayMs)} as integer) as day, count(*) as n from shops where created_at_ms >= ${sinceMs}
    group by cast(created_at_ms / ${sql.lit(dayMs)} as integer)`.execute(db)
  return rows.map((r) => ({ day: Number(r.day), n: Number(r.n) }))
}
