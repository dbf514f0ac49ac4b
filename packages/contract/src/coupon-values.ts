/**
 * The coupon domain's plain values (no zod; SPEC §3 Coupon): kinds, issuers, the buyer's tabs,
 * limits, and the arithmetic of a coupon's discount and of choosing the best coupons for a
 * checkout. The server computes with these; the shop and the console preview with the same.
 * Money is integer cents throughout.
 */

import { splitCoupon } from './refund-rules.ts'

/**
 * SPEC §3 coupon types: `full_discount` takes a percentage off a shop order whose goods reach
 * the threshold; `full_reduction` takes an amount off above a threshold; `instant` takes an
 * amount off with no threshold.
 */
export const couponKinds = ['full_discount', 'full_reduction', 'instant'] as const
export type CouponKind = (typeof couponKinds)[number]

/** Who issues (and pays for) a coupon: the platform (operators' console) or one shop. */
export const couponIssuers = ['platform', 'shop'] as const
export type CouponIssuer = (typeof couponIssuers)[number]

/** SPEC §3 coupon tabs of the buyer's coupon page. */
export const couponTabs = ['unclaimed', 'all', 'new', 'unused', 'used', 'expired'] as const
export type CouponTab = (typeof couponTabs)[number]

/** True when `value` is one of the coupon page's tabs (a `?tab=` from the address bar). */
export function isCouponTab(value: string | null | undefined): value is CouponTab {
  return (couponTabs as readonly string[]).includes(value ?? '')
}

/** A claimed coupon's state: `expired` is an unused one whose window has passed. */
export const couponStates = ['unclaimed', 'unused', 'used', 'expired'] as const
export type CouponState = (typeof couponStates)[number]

/** An issued coupon's life, for its issuer: before its window, in it, ended early, or past. */
export const couponPhases = ['upcoming', 'active', 'ended', 'expired'] as const
export type CouponPhase = (typeof couponPhases)[number]

const dayMs = 86_400_000

/** Bounds of what an issuer may set (TIGER_STYLE: a limit on everything). */
export const couponLimits = {
  titleMaxLength: 40,
  /** Claims a coupon may hand out in all. */
  maxStock: 1_000_000,
  /** Claims of one coupon one buyer may hold. */
  maxPerBuyer: 10,
  minPercentOff: 1,
  maxPercentOff: 90,
  /** Largest amount off or threshold: 100,000 dollars. */
  maxAmountCents: 10_000_000,
  /** Longest validity window. */
  maxWindowMs: 366 * dayMs,
} as const

/** A claimed coupon counts as new (the 'new' tab) this long after it was claimed, while unused and valid. */
export const couponNewForMs = 3 * dayMs

/** The terms of a coupon that decide its discount. */
export interface CouponTerms {
  kind: CouponKind
  /** Goods total a shop order must reach (0 for `instant`). */
  thresholdCents: number
  /** Amount off for the reductions (0 for `full_discount`). */
  amountCents: number
  /** Percentage off for `full_discount` (0 for the reductions). */
  percentOff: number
}

/**
 * The discount a coupon gives a shop order whose goods total `productTotalCents` (freight is
 * never discounted): 0 below the threshold; a percentage rounded down to the cent; an amount
 * never more than the goods.
 */
export function couponDiscountCents(terms: CouponTerms, productTotalCents: number): number {
  if (productTotalCents <= 0 || productTotalCents < terms.thresholdCents) return 0
  if (terms.kind === 'full_discount') return Math.floor((productTotalCents * terms.percentOff) / 100)
  return Math.min(terms.amountCents, productTotalCents)
}

/**
 * Why a coupon's terms cannot be issued, or undefined when they can: a reduction needs an
 * amount (below the threshold for `full_reduction`, so it is not an instant one); a discount a
 * percentage in bounds; both `full_` kinds a threshold; `instant` none.
 */
export function couponTermsProblem(terms: CouponTerms): 'value' | undefined {
  const { kind, thresholdCents, amountCents, percentOff } = terms
  const inBounds = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max
  if (!inBounds(thresholdCents, 0, couponLimits.maxAmountCents) || !inBounds(amountCents, 0, couponLimits.maxAmountCents)) return 'value'
  if (kind === 'full_discount') {
    if (thresholdCents < 1 || amountCents !== 0) return 'value'
    return inBounds(percentOff, couponLimits.minPercentOff, couponLimits.maxPercentOff) ? undefined : 'value'
  }
  if (percentOff !== 0 || amountCents < 1) return 'value'
  if (kind === 'instant') return thresholdCents === 0 ? undefined : 'value'
  return amountCents < thresholdCents ? undefined : 'value'
}

/**
 * The most a coupon may take off a shop order's goods: the buyer still pays at least one cent
 * for every unit of every line once the discount is split by line total (`splitCoupon`), so
 * each unit keeps something to refund (a refund moves a positive amount) and an order never
 * costs nothing. With real prices this is nearly the whole goods total.
 */
export function maxCouponCents(lines: { lineTotalCents: number; quantity: number }[]): number {
  const goods = lines.reduce((sum, l) => sum + l.lineTotalCents, 0)
  if (goods <= 0) return 0
  const fits = (cents: number) =>
    splitCoupon(
      cents,
      lines.map((l) => l.lineTotalCents),
    ).every((share, i) => lines[i]!.lineTotalCents - share >= lines[i]!.quantity)
  // Proportional shares leave line i at least its units when cents × total_i / goods ≤ total_i − units_i;
  // the largest remainder may add a cent, which one cent less always absorbs.
  const bound = Math.max(0, Math.min(...lines.map((l) => Math.floor(((l.lineTotalCents - l.quantity) * goods) / l.lineTotalCents))))
  return fits(bound) ? bound : Math.max(0, bound - 1)
}

/** A held coupon as checkout sees it: whose it is and its terms. */
export interface HeldCoupon extends CouponTerms {
  /** The claimed coupon's id (a user coupon). */
  id: number
  issuer: CouponIssuer
  /** The issuing shop, null for the platform's. */
  shopId: number | null
}

/** One shop order of a checkout: its shop, goods total and the most a coupon may take off (`maxCouponCents`). */
export interface CouponSlot {
  shopId: number
  productTotalCents: number
  maxCouponCents: number
}

/** A coupon that fits a shop order, with the discount it would give. */
export interface CouponFit {
  couponId: number
  discountCents: number
}

/** A coupon's discount on one shop order: its terms' discount, within the order's cap. */
export function slotDiscountCents(terms: CouponTerms, slot: CouponSlot): number {
  return Math.min(couponDiscountCents(terms, slot.productTotalCents), slot.maxCouponCents)
}

/** The coupons that fit one shop order, best first (larger discount, then the older claim). */
export function fittingCoupons(held: HeldCoupon[], slot: CouponSlot): CouponFit[] {
  return held
    .filter((c) => c.issuer === 'platform' || c.shopId === slot.shopId)
    .map((c) => ({ couponId: c.id, discountCents: slotDiscountCents(c, slot) }))
    .filter((f) => f.discountCents > 0)
    .sort((a, b) => b.discountCents - a.discountCents || a.couponId - b.couponId)
}

/**
 * One coupon per shop order, each coupon used once: the choices the buyer made are kept
 * (`chosen[i]`: a coupon id, null for none, undefined to let this choose), and the other
 * orders get the largest discounts still free, largest first (a greedy choice: optimal when
 * no platform coupon fits two orders, and never worse than half the best otherwise).
 * @returns per slot, the chosen coupon id or null
 */
export function pickCoupons(held: HeldCoupon[], slots: CouponSlot[], chosen: (number | null | undefined)[] = []): (number | null)[] {
  const picks: (number | null)[] = slots.map((_, i) => (chosen[i] === undefined ? null : (chosen[i] ?? null)))
  const taken = new Set(picks.filter((p): p is number => p !== null))
  const open = slots
    .flatMap((slot, i) => (chosen[i] === undefined ? fittingCoupons(held, slot).map((f) => ({ ...f, slot: i })) : []))
    .sort((a, b) => b.discountCents - a.discountCents || a.slot - b.slot || a.couponId - b.couponId)
  const decided = new Set<number>()
  for (const f of open) {
    if (decided.has(f.slot) || taken.has(f.couponId)) continue
    picks[f.slot] = f.couponId
    taken.add(f.couponId)
    decided.add(f.slot)
  }
  return picks
}

/** A claimed coupon's state at `nowMs`. */
export function heldCouponState(c: { usedAtMs: number | null; endsAtMs: number }, nowMs: number): Exclude<CouponState, 'unclaimed'> {
  if (c.usedAtMs !== null) return 'used'
  return nowMs >= c.endsAtMs ? 'expired' : 'unused'
}

/** An issued coupon's phase at `nowMs`. */
export function couponPhase(c: { startsAtMs: number; endsAtMs: number; endedAtMs: number | null }, nowMs: number): CouponPhase {
  if (c.endedAtMs !== null) return 'ended'
  if (nowMs >= c.endsAtMs) return 'expired'
  return nowMs < c.startsAtMs ? 'upcoming' : 'active'
}
