/**
 * The arithmetic of refunding units of an order line (ARCHITECTURE.md, money flows), zod-free
 * so the shop previews what the server computes. Pure
 * functions of integer cents, so the rules are tested without a database.
 */

/** A line's money as stored at order time, and how many of its units were refunded already. */
export interface LineMoney {
  quantity: number
  refundedQuantity: number
  /** What the buyer paid for the whole line: line total less its coupon share. */
  netPaidCents: number
  /** The line's share of the shop order's coupon. */
  couponShareCents: number
  /** The platform's purchase price of one unit (snapshot). */
  purchaseUnitPriceCents: number
}

/** What a refund of some units moves, each amount in cents. */
export interface RefundShares {
  /** Escrow → buyer available: the buyer's net paid for those units. */
  buyerCents: number
  /** Escrow → marketing: the platform coupon's share of those units (0 for a shop's coupon). */
  couponReturnCents: number
  /** Purchase → merchant available: those units' purchase price, when it was paid and they never shipped. */
  purchaseReturnCents: number
}

/**
 * The part of `totalCents` that the first `units` of `quantity` units carry: proportional and
 * rounded down, so the parts of successive refunds add up to the total exactly when every
 * unit is refunded.
 */
export function cumulativeShare(totalCents: number, units: number, quantity: number): number {
  if (units >= quantity) return totalCents
  return Math.floor((totalCents * units) / quantity)
}

/**
 * What refunding `units` more units of a line returns: the buyer's net paid for them, the
 * platform coupon's share for them back to marketing, and their purchase price back to the
 * merchant when it was paid and they never shipped. Each is the difference of cumulative
 * shares, so refunds in any pieces never exceed what the line paid.
 * @throws RangeError when `units` is not a whole number from 1 to the units still refundable
 */
export function refundShares(
  line: LineMoney,
  units: number,
  context: { platformCoupon: boolean; shipped: boolean; purchasePaid: boolean },
): RefundShares {
  const left = line.quantity - line.refundedQuantity
  if (!Number.isInteger(units) || units < 1 || units > left) throw new RangeError(`units must be 1 to ${left}, got ${units}`)
  const before = line.refundedQuantity
  const after = before + units
  const share = (totalCents: number) =>
    cumulativeShare(totalCents, after, line.quantity) - cumulativeShare(totalCents, before, line.quantity)
  return {
    buyerCents: share(line.netPaidCents),
    couponReturnCents: context.platformCoupon ? share(line.couponShareCents) : 0,
    purchaseReturnCents: context.purchasePaid && !context.shipped ? line.purchaseUnitPriceCents * units : 0,
  }
}

/**
 * Splits a shop order's coupon across its lines in proportion to their totals, by largest
 * remainder, so the shares add up to the coupon exactly (ARCHITECTURE.md, money flows).
 * @returns each line's share in cents, in the order of `lineTotalsCents`
 */
export function splitCoupon(couponCents: number, lineTotalsCents: number[]): number[] {
  const total = lineTotalsCents.reduce((sum, t) => sum + t, 0)
  if (couponCents <= 0 || total <= 0) return lineTotalsCents.map(() => 0)
  const exact = lineTotalsCents.map((t) => (couponCents * t) / total)
  const shares = exact.map(Math.floor)
  let left = couponCents - shares.reduce((sum, s) => sum + s, 0)
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of byRemainder) {
    if (left === 0) break
    shares[i]! += 1
    left--
  }
  return shares
}
