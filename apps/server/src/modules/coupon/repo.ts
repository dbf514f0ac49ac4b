import { type CouponTab, couponNewForMs } from '@bazaar/contract/coupon-values'
import type { Insertable, Selectable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import type { CouponsTable, UserCouponsTable } from './tables.ts'

/** Queries of the coupon module: `coupons` and `user_coupons` only. Each takes `db` or `trx` first. */

export type CouponRow = Selectable<CouponsTable>
/** A claim joined with its coupon (`held_*` columns are the claim's). */
export type HeldRow = CouponRow & {
  held_id: number
  held_user_id: number
  claimed_at_ms: number
  order_id: number | null
  used_at_ms: number | null
}

/** Who issued a coupon, as the issuer's routes see it: a shop, or the platform. */
export type IssuerScope = { shopId: number } | { platform: true }

export function insertCoupon(trx: Trx, values: Insertable<CouponsTable>): Promise<CouponRow> {
  return trx.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow()
}

export function findCoupon(trx: Trx, couponId: number): Promise<CouponRow | undefined> {
  return trx.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst()
}

/** Ends a coupon of the issuer that is not ended yet (a conditional update); undefined when none was. */
export function endCoupon(trx: Trx, scope: IssuerScope, couponId: number, nowMs: number): Promise<CouponRow | undefined> {
  let q = trx.updateTable('coupons').set({ ended_at_ms: nowMs }).where('id', '=', couponId).where('ended_at_ms', 'is', null)
  q = 'shopId' in scope ? q.where('shop_id', '=', scope.shopId) : q.where('issuer', '=', 'platform')
  return q.returningAll().executeTakeFirst()
}

/** A coupon of the issuer, ended or not. */
export function findIssuedCoupon(trx: Trx, scope: IssuerScope, couponId: number): Promise<CouponRow | undefined> {
  let q = trx.selectFrom('coupons').selectAll().where('id', '=', couponId)
  q = 'shopId' in scope ? q.where('shop_id', '=', scope.shopId) : q.where('issuer', '=', 'platform')
  return q.executeTakeFirst()
}

/** The issuer's coupons, newest first, keyset before `beforeId`; reads `limit + 1`. */
export function issuedPage(trx: Trx, scope: IssuerScope, beforeId: number | undefined, limit: number): Promise<CouponRow[]> {
  let q = trx.selectFrom('coupons').selectAll()
  q = 'shopId' in scope ? q.where('shop_id', '=', scope.shopId) : q.where('issuer', '=', 'platform')
  if (beforeId !== undefined) q = q.where('id', '<', beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** Uses of each coupon (claims with an order). */
export async function useCounts(trx: Trx, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map()
  const rows = await trx
    .selectFrom('user_coupons')
    .select((eb) => ['coupon_id', eb.fn.countAll<number>().as('n')])
    .where('coupon_id', 'in', couponIds)
    .where('order_id', 'is not', null)
    .groupBy('coupon_id')
    .execute()
  return new Map(rows.map((r) => [r.coupon_id, Number(r.n)]))
}

/**
 * Takes one claim from a coupon's stock while it is open: a conditional update whose row count
 * decides, so a burst of claims never hands out more than the stock (and it holds the coupon's
 * row until the transaction ends, so the buyer's claims counted next are current).
 * @returns whether a claim was taken
 */
export async function takeFromStock(trx: Trx, couponId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('coupons')
    .set((eb) => ({ claimed_count: eb('claimed_count', '+', 1) }))
    .where('id', '=', couponId)
    .where('ended_at_ms', 'is', null)
    .where('starts_at_ms', '<=', nowMs)
    .where('ends_at_ms', '>', nowMs)
    .whereRef('claimed_count', '<', 'stock')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** How many of a coupon one user has claimed. */
export async function countClaims(trx: Trx, couponId: number, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('user_coupons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Claims of the given coupons by one user, by coupon id. */
export async function claimsByCoupon(trx: Trx, userId: number, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map()
  const rows = await trx
    .selectFrom('user_coupons')
    .select((eb) => ['coupon_id', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('coupon_id', 'in', couponIds)
    .groupBy('coupon_id')
    .execute()
  return new Map(rows.map((r) => [r.coupon_id, Number(r.n)]))
}

/** Records a claim in its slot; the unique (coupon, user, claim_no) index refuses a taken slot. */
export function insertClaim(trx: Trx, values: Insertable<UserCouponsTable>): Promise<{ id: number }> {
  return trx.insertInto('user_coupons').values(values).returning('id').executeTakeFirstOrThrow()
}

/**
 * Coupons open for claiming now (in their window, not ended, stock left), newest first:
 * a shop's and the platform's (`shopId`), or all; with `unclaimedBy`, only those that user
 * may still claim (under the per-buyer limit).
 */
export function offerPage(
  trx: Trx,
  query: { shopId?: number; unclaimedBy?: number; nowMs: number; beforeId?: number; limit: number },
): Promise<CouponRow[]> {
  let q = trx
    .selectFrom('coupons as c')
    .selectAll('c')
    .where('c.ended_at_ms', 'is', null)
    .where('c.starts_at_ms', '<=', query.nowMs)
    .where('c.ends_at_ms', '>', query.nowMs)
    .whereRef('c.claimed_count', '<', 'c.stock')
  const { shopId, unclaimedBy } = query
  if (shopId !== undefined) q = q.where((eb) => eb.or([eb('c.issuer', '=', 'platform'), eb('c.shop_id', '=', shopId)]))
  if (unclaimedBy !== undefined)
    q = q.where(
      (eb) =>
        eb
          .selectFrom('user_coupons as uc')
          .select((s) => s.fn.countAll<number>().as('n'))
          .whereRef('uc.coupon_id', '=', 'c.id')
          .where('uc.user_id', '=', unclaimedBy),
      '<',
      (eb) => eb.ref('c.per_buyer_limit'),
    )
  if (query.beforeId !== undefined) q = q.where('c.id', '<', query.beforeId)
  return q
    .orderBy('c.id', 'desc')
    .limit(query.limit + 1)
    .execute()
}

function heldQuery(trx: Trx) {
  return trx
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .selectAll('c')
    .select(['uc.id as held_id', 'uc.user_id as held_user_id', 'uc.claimed_at_ms', 'uc.order_id', 'uc.used_at_ms'])
}

/** One tab of a user's claimed coupons (SPEC §3 coupon tabs; not 'unclaimed'), newest claim first; reads `limit + 1`. */
export function heldPage(
  trx: Trx,
  userId: number,
  tab: Exclude<CouponTab, 'unclaimed'>,
  nowMs: number,
  beforeId: number | undefined,
  limit: number,
): Promise<HeldRow[]> {
  let q = heldQuery(trx).where('uc.user_id', '=', userId)
  if (tab === 'used') q = q.where('uc.order_id', 'is not', null)
  if (tab === 'unused' || tab === 'new') q = q.where('uc.order_id', 'is', null).where('c.ends_at_ms', '>', nowMs)
  if (tab === 'new') q = q.where('uc.claimed_at_ms', '>=', nowMs - couponNewForMs)
  if (tab === 'expired') q = q.where('uc.order_id', 'is', null).where('c.ends_at_ms', '<=', nowMs)
  if (beforeId !== undefined) q = q.where('uc.id', '<', beforeId)
  return q
    .orderBy('uc.id', 'desc')
    .limit(limit + 1)
    .execute()
}

/** A user's unused, unexpired claims: how many, and how many of them are new. */
export async function heldCounts(trx: Trx, userId: number, nowMs: number): Promise<{ unused: number; new: number }> {
  const row = await trx
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('unused'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('uc.claimed_at_ms', '>=', nowMs - couponNewForMs)
            .then(1)
            .else(0)
            .end(),
        )
        .as('fresh'),
    ])
    .where('uc.user_id', '=', userId)
    .where('uc.order_id', 'is', null)
    .where('c.ends_at_ms', '>', nowMs)
    .executeTakeFirstOrThrow()
  return { unused: Number(row.unused), new: Number(row.fresh ?? 0) }
}

/** A user's claims usable now: unused (or used by one of `freeOfOrders`), in their window. */
export function usableHeld(trx: Trx, userId: number, nowMs: number, freeOfOrders: number[] = []): Promise<HeldRow[]> {
  return heldQuery(trx)
    .where('uc.user_id', '=', userId)
    .where((eb) =>
      freeOfOrders.length === 0
        ? eb('uc.order_id', 'is', null)
        : eb.or([eb('uc.order_id', 'is', null), eb('uc.order_id', 'in', freeOfOrders)]),
    )
    .where('c.starts_at_ms', '<=', nowMs)
    .where('c.ends_at_ms', '>', nowMs)
    .orderBy('uc.id')
    .execute()
}

/** One of a user's claims with its coupon. */
export function findHeld(trx: Trx, userId: number, heldId: number): Promise<HeldRow | undefined> {
  return heldQuery(trx).where('uc.id', '=', heldId).where('uc.user_id', '=', userId).executeTakeFirst()
}

/**
 * Marks a user's claim used by an order, only if it is unused: the row count decides, so of
 * simultaneous checkouts with one coupon exactly one uses it.
 * @returns whether this call used it
 */
export async function markUsed(trx: Trx, userId: number, heldId: number, orderId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('user_coupons')
    .set({ order_id: orderId, used_at_ms: nowMs })
    .where('id', '=', heldId)
    .where('user_id', '=', userId)
    .where('order_id', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives a claim back (unused) if that order used it; a no-op otherwise. */
export async function markUnused(trx: Trx, heldId: number, orderId: number): Promise<boolean> {
  const result = await trx
    .updateTable('user_coupons')
    .set({ order_id: null, used_at_ms: null })
    .where('id', '=', heldId)
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
