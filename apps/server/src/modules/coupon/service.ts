import type { CouponCounts, CouponItem, CouponPage, CouponRules, MyCouponQuery, OfferQuery } from '@bazaar/contract/coupon'
import { couponLimits, couponNewForMs, heldCouponState } from '@bazaar/contract/coupon-values'
import type { Db, Trx } from '../../db/database.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import { isUniqueViolation } from '../../platform/unique-violation.ts'
import { shopIdOfOwner } from '../catalog/service.ts'
import * as repo from './repo.ts'
import { issuerNames, toCoupon } from './views.ts'

/** Offers as list items, with what the user (if any) claimed of each. */
async function offerItems(trx: Trx, userId: number | undefined, rows: repo.CouponRow[]): Promise<CouponItem[]> {
  const [names, mine] = await Promise.all([
    issuerNames(trx, rows),
    userId === undefined
      ? new Map<number, number>()
      : repo.claimsByCoupon(
          trx,
          userId,
          rows.map((r) => r.id),
        ),
  ])
  return rows.map((r) => {
    const claimedByMe = mine.get(r.id) ?? 0
    return {
      heldId: null,
      coupon: toCoupon(r, names),
      state: 'unclaimed',
      claimedAtMs: null,
      usedAtMs: null,
      orderId: null,
      isNew: false,
      claimedByMe,
      canClaim: userId !== undefined && claimedByMe < r.per_buyer_limit && r.claimed_count < r.stock,
    }
  })
}

/**
 * Coupons open for claiming (SPEC §2 product and shop pages, coupon page 'unclaimed'): in their
 * window, not ended, stock left; a shop's and the platform's when `shopId` is given, else all.
 * Newest first, keyset-paginated. A signed-in buyer sees what they claimed of each.
 * @throws 'Invalid cursor'
 */
export async function couponOffers(db: Db, userId: number | undefined, query: OfferQuery, nowMs = Date.now()): Promise<CouponPage> {
  const beforeId = afterIdOf(query.cursor, 'coupon-offers')
  const rows = await repo.offerPage(db.kysely, { shopId: query.shopId, nowMs, beforeId, limit: query.limit })
  const page = rows.slice(0, query.limit)
  return { items: await offerItems(db.kysely, userId, page), nextCursor: nextIdCursor(rows, query.limit, 'coupon-offers') }
}

/**
 * One tab of the buyer's coupon page (SPEC §3 coupon tabs): 'unclaimed' lists the offers the
 * buyer may still claim; 'all', 'new' (claimed in the last `couponNewForMs`, unused, valid),
 * 'unused', 'used' and 'expired' list their claims, newest first.
 * @throws 'Invalid cursor'
 */
export async function myCoupons(db: Db, userId: number, query: MyCouponQuery, nowMs = Date.now()): Promise<CouponPage> {
  const cursorName = `coupons:${query.tab}`
  const beforeId = afterIdOf(query.cursor, cursorName)
  const trx = db.kysely
  if (query.tab === 'unclaimed') {
    const rows = await repo.offerPage(trx, { unclaimedBy: userId, nowMs, beforeId, limit: query.limit })
    const page = rows.slice(0, query.limit)
    return { items: await offerItems(trx, userId, page), nextCursor: nextIdCursor(rows, query.limit, cursorName) }
  }
  const rows = await repo.heldPage(trx, userId, query.tab, nowMs, beforeId, query.limit)
  const page = rows.slice(0, query.limit)
  const [names, mine] = await Promise.all([issuerNames(trx, page), repo.claimsByCoupon(trx, userId, [...new Set(page.map((r) => r.id))])])
  const items = page.map((r) => toHeldItem(r, names, mine.get(r.id) ?? 0, nowMs))
  // Keyset on the claim's id, not the coupon's.
  return {
    items,
    nextCursor: nextIdCursor(
      rows.map((r) => ({ id: r.held_id })),
      query.limit,
      cursorName,
    ),
  }
}

/** A claim as a list item; `claimedByMe`: the holder's claims of its coupon. */
function toHeldItem(r: repo.HeldRow, names: Map<number, string>, claimedByMe: number, nowMs: number): CouponItem {
  const state = heldCouponState({ usedAtMs: r.used_at_ms, endsAtMs: Number(r.ends_at_ms) }, nowMs)
  const open = r.ended_at_ms === null && Number(r.starts_at_ms) <= nowMs && nowMs < Number(r.ends_at_ms)
  return {
    heldId: r.held_id,
    coupon: toCoupon(r, names),
    state,
    claimedAtMs: Number(r.claimed_at_ms),
    usedAtMs: r.used_at_ms === null ? null : Number(r.used_at_ms),
    orderId: r.order_id,
    isNew: state === 'unused' && Number(r.claimed_at_ms) >= nowMs - couponNewForMs,
    claimedByMe,
    canClaim: open && claimedByMe < r.per_buyer_limit && r.claimed_count < r.stock,
  }
}

/** Counts of the member page's coupons entry: unused (and unexpired) claims, and the new ones among them. */
export function couponCounts(db: Db, userId: number, nowMs = Date.now()): Promise<CouponCounts> {
  return repo.heldCounts(db.kysely, userId, nowMs)
}

/**
 * Claims one coupon (SPEC §3 Coupon): while it is open (started, not over, not ended by its
 * issuer), within its stock and the buyer's limit. The stock is taken by a conditional update
 * whose row count decides; the claim takes the next slot of the buyer's (coupon, user,
 * claim_no) unique index, so 100 simultaneous claims hand out exactly as many as stock and
 * limit allow. A merchant cannot claim their own shop's coupon (they cannot buy there).
 * @throws 'Coupon not found' | 'Coupon not started' | 'Coupon has ended' | 'Coupons all claimed' | 'Coupon claim limit reached' | 'no my shop'
 */
export async function claimCoupon(db: Db, userId: number, couponId: number, nowMs = Date.now()): Promise<CouponItem> {
  let heldId: number
  try {
    heldId = await db.kysely.transaction().execute(async (trx) => {
      const coupon = await repo.findCoupon(trx, couponId)
      if (!coupon) throw new AppError('Coupon not found')
      if (coupon.ended_at_ms !== null || nowMs >= Number(coupon.ends_at_ms)) throw new AppError('Coupon has ended')
      if (nowMs < Number(coupon.starts_at_ms)) throw new AppError('Coupon not started')
      if (coupon.shop_id !== null && coupon.shop_id === (await shopIdOfOwner(trx, userId))) throw new AppError('no my shop')
      if ((await repo.countClaims(trx, couponId, userId)) >= coupon.per_buyer_limit) throw new AppError('Coupon claim limit reached')
      if (!(await repo.takeFromStock(trx, couponId, nowMs))) throw new AppError('Coupons all claimed')
      // Counted again with the coupon's row held: claims of this coupon wait for each other here.
      const claimed = await repo.countClaims(trx, couponId, userId)
      if (claimed >= coupon.per_buyer_limit) throw new AppError('Coupon claim limit reached')
      const row = await repo.insertClaim(trx, { coupon_id: couponId, user_id: userId, claim_no: claimed + 1, claimed_at_ms: nowMs })
      return row.id
    })
  } catch (error) {
    if (isUniqueViolation(error, 'user_coupons_slot')) throw new AppError('Coupon claim limit reached')
    throw error
  }
  const row = await repo.findHeld(db.kysely, userId, heldId)
  if (!row) throw new Error(`claim ${heldId} just made is missing`)
  const names = await issuerNames(db.kysely, [row])
  return toHeldItem(row, names, await repo.countClaims(db.kysely, couponId, userId), nowMs)
}

/** The coupon rules as `GET /api/rules` publishes them. */
export function couponRules(): CouponRules {
  return { newForMs: couponNewForMs, ...couponLimits }
}
