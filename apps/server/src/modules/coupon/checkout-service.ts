import type { Coupon } from '@bazaar/contract/coupon'
import { type CouponIssuer, type CouponSlot, type HeldCoupon, slotDiscountCents } from '@bazaar/contract/coupon-values'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'
import { issuerNames, toCoupon, toHeldCoupon } from './views.ts'

/**
 * What the order module asks of coupons at checkout and when an order gives its coupon back.
 * Every function takes the caller's transaction and never begins one (CONTRIBUTING.md), so a
 * coupon is used or given back in the same transaction as the order change that causes it.
 */

/**
 * A buyer's coupons usable now (unused, in their window): terms for the arithmetic and the
 * coupon as shown.
 * @param heldByOrders the buyer's unpaid orders that a resubmit of their confirm page cancels
 *   first: the coupons they hold count as usable (offered again, not 'None fits')
 */
export async function usableCoupons(
  trx: Trx,
  userId: number,
  nowMs: number,
  heldByOrders: number[] = [],
): Promise<{ held: HeldCoupon[]; shown: Map<number, Coupon> }> {
  const rows = await repo.usableHeld(trx, userId, nowMs, heldByOrders)
  const names = await issuerNames(trx, rows)
  return { held: rows.map(toHeldCoupon), shown: new Map(rows.map((r) => [r.held_id, toCoupon(r, names)])) }
}

/** A coupon applied to a shop order: its discount, who pays for it, and its name. */
export interface AppliedCoupon {
  heldId: number
  discountCents: number
  issuer: CouponIssuer
  title: string
}

/**
 * Checks that one of the buyer's coupons may be used on a shop order now and computes its
 * discount on the goods (contract `slotDiscountCents`: its terms within the order's cap; the
 * client's figure is never read).
 * @param heldByOrders unpaid orders whose coupons count as free (see `usableCoupons`)
 * @throws 'Coupon not found' | 'Coupon already used' | 'Coupon expired' | 'Coupon not started' | 'Coupon does not apply to this order' (another shop's, or the goods below its threshold)
 */
export async function couponForOrder(
  trx: Trx,
  userId: number,
  heldId: number,
  slot: CouponSlot,
  nowMs: number,
  heldByOrders: number[] = [],
): Promise<AppliedCoupon> {
  const row = await repo.findHeld(trx, userId, heldId)
  if (!row) throw new AppError('Coupon not found')
  if (row.order_id !== null && !heldByOrders.includes(row.order_id)) throw new AppError('Coupon already used')
  if (nowMs >= Number(row.ends_at_ms)) throw new AppError('Coupon expired')
  if (nowMs < Number(row.starts_at_ms)) throw new AppError('Coupon not started')
  if (row.issuer === 'shop' && row.shop_id !== slot.shopId) throw new AppError('Coupon does not apply to this order')
  const discountCents = slotDiscountCents(toHeldCoupon(row), slot)
  if (discountCents <= 0) throw new AppError('Coupon does not apply to this order')
  return { heldId, discountCents, issuer: row.issuer, title: row.title }
}

/**
 * Marks the coupon used by the order: a conditional update whose row count decides, so of
 * simultaneous checkouts with one coupon exactly one succeeds (the others roll back).
 * @throws 'Coupon already used'
 */
export async function useCoupon(trx: Trx, userId: number, heldId: number, orderId: number, nowMs: number): Promise<void> {
  if (!(await repo.markUsed(trx, userId, heldId, orderId, nowMs))) throw new AppError('Coupon already used')
}

/**
 * Gives a coupon back to its holder, unused (an unpaid order cancelled or expired, or every
 * unit refunded before shipping); a no-op when that order no longer holds it. An expired
 * coupon comes back expired.
 */
export async function giveBackCoupon(trx: Trx, heldId: number, orderId: number): Promise<void> {
  await repo.markUnused(trx, heldId, orderId)
}
