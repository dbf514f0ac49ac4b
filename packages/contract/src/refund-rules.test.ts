import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cumulativeShare, refundShares, splitCoupon } from './refund-rules.ts'

const line = { quantity: 3, refundedQuantity: 0, netPaidCents: 1000, couponShareCents: 100, purchaseUnitPriceCents: 200 }

describe('refund shares of a line', () => {
  it('gives the buyer what was paid for the units, never the list price, and the last unit the remainder', () => {
    const context = { platformCoupon: false, shipped: true, purchasePaid: true }
    expect(refundShares(line, 1, context)).toEqual({ buyerCents: 333, couponReturnCents: 0, purchaseReturnCents: 0 })
    expect(refundShares({ ...line, refundedQuantity: 1 }, 1, context).buyerCents).toBe(333)
    expect(refundShares({ ...line, refundedQuantity: 2 }, 1, context).buyerCents).toBe(334)
  })

  it('returns the platform coupon share to marketing and the purchase price of unshipped units to the merchant', () => {
    expect(refundShares(line, 2, { platformCoupon: true, shipped: false, purchasePaid: true })).toEqual({
      buyerCents: 666,
      couponReturnCents: 66,
      purchaseReturnCents: 400,
    })
    expect(refundShares(line, 2, { platformCoupon: false, shipped: false, purchasePaid: false }).purchaseReturnCents).toBe(0)
  })

  it('refuses zero units, fractions, and more units than are left', () => {
    const context = { platformCoupon: false, shipped: false, purchasePaid: false }
    expect(() => refundShares(line, 0, context)).toThrow(RangeError)
    expect(() => refundShares(line, 1.5, context)).toThrow(RangeError)
    expect(() => refundShares({ ...line, refundedQuantity: 2 }, 2, context)).toThrow(RangeError)
  })

  it('adds up to exactly the net paid and the coupon share, in any pieces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 50 }),
        (quantity, netPaidCents, couponShareCents, pieces) => {
          let refundedQuantity = 0
          let buyer = 0
          let coupon = 0
          for (const piece of pieces) {
            const units = Math.min(piece, quantity - refundedQuantity)
            if (units === 0) break
            const shares = refundShares({ quantity, refundedQuantity, netPaidCents, couponShareCents, purchaseUnitPriceCents: 0 }, units, {
              platformCoupon: true,
              shipped: true,
              purchasePaid: false,
            })
            expect(shares.buyerCents).toBeGreaterThanOrEqual(0)
            buyer += shares.buyerCents
            coupon += shares.couponReturnCents
            refundedQuantity += units
          }
          const refundedAll = refundedQuantity === quantity
          expect(buyer).toBe(refundedAll ? netPaidCents : cumulativeShare(netPaidCents, refundedQuantity, quantity))
          expect(buyer).toBeLessThanOrEqual(netPaidCents)
          expect(coupon).toBeLessThanOrEqual(couponShareCents)
          if (refundedAll) expect(coupon).toBe(couponShareCents)
        },
      ),
    )
  })
})

describe('coupon split across lines', () => {
  it('is proportional to line totals by largest remainder and adds up to the coupon', () => {
    expect(splitCoupon(100, [100, 100, 100])).toEqual([34, 33, 33])
    expect(splitCoupon(0, [500, 300])).toEqual([0, 0])
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (coupon, totals) => {
          const sum = totals.reduce((a, b) => a + b, 0)
          const capped = Math.min(coupon, sum)
          const shares = splitCoupon(capped, totals)
          expect(shares.reduce((a, b) => a + b, 0)).toBe(capped)
          shares.forEach((s, i) => {
            expect(s).toBeGreaterThanOrEqual(0)
            expect(s).toBeLessThanOrEqual(totals[i]!)
          })
        },
      ),
    )
  })
})
