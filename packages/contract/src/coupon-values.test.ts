import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  couponDiscountCents,
  couponPhase,
  couponTermsProblem,
  fittingCoupons,
  type HeldCoupon,
  heldCouponState,
  maxCouponCents,
  pickCoupons,
} from './coupon-values.ts'
import { splitCoupon } from './refund-rules.ts'

const reduction = { kind: 'full_reduction', thresholdCents: 5000, amountCents: 800, percentOff: 0 } as const
const discount = { kind: 'full_discount', thresholdCents: 2000, amountCents: 0, percentOff: 15 } as const
const instant = { kind: 'instant', thresholdCents: 0, amountCents: 300, percentOff: 0 } as const

describe('a coupon’s discount', () => {
  it('takes nothing below the threshold, the amount at or above it, a percentage rounded down, never more than the goods', () => {
    expect(couponDiscountCents(reduction, 4999)).toBe(0)
    expect(couponDiscountCents(reduction, 5000)).toBe(800)
    expect(couponDiscountCents(discount, 3333)).toBe(499)
    expect(couponDiscountCents(discount, 1999)).toBe(0)
    expect(couponDiscountCents(instant, 200)).toBe(200)
    expect(couponDiscountCents(instant, 0)).toBe(0)
  })

  it('accepts each kind’s terms and refuses mixed or out-of-bounds ones', () => {
    for (const ok of [reduction, discount, instant]) expect(couponTermsProblem(ok)).toBeUndefined()
    for (const bad of [
      { ...reduction, amountCents: 5000 },
      { ...reduction, thresholdCents: 0 },
      { ...reduction, percentOff: 5 },
      { ...discount, percentOff: 0 },
      { ...discount, percentOff: 91 },
      { ...discount, amountCents: 100 },
      { ...discount, thresholdCents: 0 },
      { ...instant, thresholdCents: 100 },
      { ...instant, amountCents: 0 },
      { ...instant, amountCents: 1.5 },
    ])
      expect(couponTermsProblem(bad), JSON.stringify(bad)).toBe('value')
  })
})

describe('the most a coupon may take off', () => {
  it('leaves the buyer at least a cent for every unit of every line once split by line total', () => {
    const line = fc.record({ unitCents: fc.integer({ min: 1, max: 100_000 }), quantity: fc.integer({ min: 1, max: 20 }) })
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (raw) => {
        const lines = raw.map((l) => ({ lineTotalCents: l.unitCents * l.quantity, quantity: l.quantity }))
        const cap = maxCouponCents(lines)
        const shares = splitCoupon(
          cap,
          lines.map((l) => l.lineTotalCents),
        )
        expect(shares.reduce((a, b) => a + b, 0)).toBe(cap)
        shares.forEach((share, i) => {
          expect(lines[i]!.lineTotalCents - share).toBeGreaterThanOrEqual(lines[i]!.quantity)
        })
      }),
    )
  })

  it('is the goods less a cent a unit for one line, and nothing when every unit costs a cent', () => {
    expect(maxCouponCents([{ lineTotalCents: 1000, quantity: 4 }])).toBe(996)
    expect(maxCouponCents([{ lineTotalCents: 3, quantity: 3 }])).toBe(0)
  })
})

describe('choosing coupons for a checkout', () => {
  const held: HeldCoupon[] = [
    { id: 1, issuer: 'platform', shopId: null, ...instant, amountCents: 900 },
    { id: 2, issuer: 'shop', shopId: 10, ...instant, amountCents: 200 },
    { id: 3, issuer: 'shop', shopId: 20, ...instant, amountCents: 100 },
    { id: 4, issuer: 'shop', shopId: 30, ...reduction },
  ]
  const slots = [
    { shopId: 10, productTotalCents: 5000, maxCouponCents: 4990 },
    { shopId: 20, productTotalCents: 5000, maxCouponCents: 4990 },
  ]

  it('lists what fits a shop order, best first: the platform’s and that shop’s, above the threshold', () => {
    expect(fittingCoupons(held, slots[0]!)).toEqual([
      { couponId: 1, discountCents: 900 },
      { couponId: 2, discountCents: 200 },
    ])
    expect(fittingCoupons(held, { shopId: 30, productTotalCents: 4000, maxCouponCents: 3990 }).map((f) => f.couponId)).toEqual([1])
  })

  it('gives each order the largest discount still free, never one coupon twice, and keeps the buyer’s picks', () => {
    expect(pickCoupons(held, slots)).toEqual([1, 3])
    expect(pickCoupons(held, slots, [2])).toEqual([2, 1])
    expect(pickCoupons(held, slots, [null, undefined])).toEqual([null, 1])
    expect(pickCoupons(held, slots, [1, null])).toEqual([1, null])
  })

  it('never picks one coupon for two orders, whatever the coupons and orders', () => {
    const coupon = fc.record({
      issuer: fc.constantFrom('platform' as const, 'shop' as const),
      shop: fc.integer({ min: 1, max: 3 }),
      amountCents: fc.integer({ min: 1, max: 5000 }),
    })
    fc.assert(
      fc.property(
        fc.array(coupon, { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 4 }),
        (cs, totals) => {
          const h: HeldCoupon[] = cs.map((c, i) => ({
            id: i + 1,
            issuer: c.issuer,
            shopId: c.issuer === 'shop' ? c.shop : null,
            ...instant,
            amountCents: c.amountCents,
          }))
          const ss = totals.map((total, i) => ({ shopId: i + 1, productTotalCents: total, maxCouponCents: total - 1 }))
          const picks = pickCoupons(h, ss).filter((p) => p !== null)
          expect(new Set(picks).size).toBe(picks.length)
          pickCoupons(h, ss).forEach((p, i) => {
            if (p !== null) expect(fittingCoupons(h, ss[i]!).map((f) => f.couponId)).toContain(p)
          })
        },
      ),
    )
  })
})

describe('states', () => {
  it('reads a claim as used, expired or unused, and an issued coupon as upcoming, active, ended or expired', () => {
    expect(heldCouponState({ usedAtMs: 5, endsAtMs: 1 }, 10)).toBe('used')
    expect(heldCouponState({ usedAtMs: null, endsAtMs: 10 }, 10)).toBe('expired')
    expect(heldCouponState({ usedAtMs: null, endsAtMs: 11 }, 10)).toBe('unused')
    expect(couponPhase({ startsAtMs: 20, endsAtMs: 30, endedAtMs: null }, 10)).toBe('upcoming')
    expect(couponPhase({ startsAtMs: 0, endsAtMs: 30, endedAtMs: null }, 10)).toBe('active')
    expect(couponPhase({ startsAtMs: 0, endsAtMs: 30, endedAtMs: 5 }, 10)).toBe('ended')
    expect(couponPhase({ startsAtMs: 0, endsAtMs: 10, endedAtMs: null }, 10)).toBe('expired')
  })
})
