import { z } from 'zod'
import { ShopRef } from './catalog.ts'
import { maxPageSize } from './catalog-values.ts'
import { couponIssuers, couponKinds, couponLimits, couponPhases, couponStates, couponTabs, couponTermsProblem } from './coupon-values.ts'
import { cursorParam, singleLine } from './text.ts'

const id = z.number().int()
const limit = z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(20)

/**
 * A coupon as buyers see it (SPEC §3 Coupon): who issued it (the platform, or a shop with its
 * name), its kind and terms, its validity window and how many one buyer may claim.
 */
export const Coupon = z.object({
  id,
  issuer: z.enum(couponIssuers),
  shop: ShopRef.nullable(),
  kind: z.enum(couponKinds),
  /** The issuer's name for it, shown as text. */
  title: z.string(),
  thresholdCents: id,
  amountCents: id,
  percentOff: id,
  startsAtMs: id,
  endsAtMs: id,
  perBuyerLimit: id,
})
export type Coupon = z.infer<typeof Coupon>

/**
 * A coupon on a buyer's list: one they may claim (`unclaimed`, `heldId` null) or one they hold
 * (`heldId` set, unused, used on an order, or expired). `canClaim`: claims left in stock and
 * under the buyer's limit (false for visitors: they log in first).
 */
export const CouponItem = z.object({
  heldId: id.nullable(),
  coupon: Coupon,
  state: z.enum(couponStates),
  claimedAtMs: id.nullable(),
  usedAtMs: id.nullable(),
  orderId: id.nullable(),
  /** Claimed within the last `couponNewForMs`, unused and valid. */
  isNew: z.boolean(),
  claimedByMe: id,
  canClaim: z.boolean(),
})
export type CouponItem = z.infer<typeof CouponItem>
export const CouponPage = z.object({ items: z.array(CouponItem), nextCursor: z.string().nullable() })
export type CouponPage = z.infer<typeof CouponPage>

/** `GET /api/coupons/offers`: coupons open for claiming, a shop's and the platform's (`shopId`), or every one. */
export const OfferQuery = z
  .object({ shopId: z.coerce.number().int().positive().max(2_147_483_647).optional(), cursor: cursorParam.optional(), limit })
  .strict()
export type OfferQuery = z.infer<typeof OfferQuery>

/** `GET /api/coupons/mine`: one tab of the buyer's coupon page (SPEC §3 coupon tabs). */
export const MyCouponQuery = z.object({ tab: z.enum(couponTabs).default('unused'), cursor: cursorParam.optional(), limit }).strict()
export type MyCouponQuery = z.infer<typeof MyCouponQuery>

/** Counts of the member page's coupons entry. */
export const CouponCounts = z.object({ unused: id, new: id })
export type CouponCounts = z.infer<typeof CouponCounts>

/**
 * `POST /api/shop/coupons`, `POST /api/admin/coupons`: a coupon to issue. Terms by kind
 * (contract `couponTermsProblem`: 'Coupon value incorrect'); the window ends after it starts
 * and lasts at most `couponLimits.maxWindowMs` ('Coupon period incorrect'; the server also
 * refuses a window already over).
 */
export const CouponBody = z
  .object({
    kind: z.enum(couponKinds),
    title: singleLine().trim().min(1, 'Invalid parameters').max(couponLimits.titleMaxLength, 'Invalid parameters'),
    thresholdCents: z
      .number()
      .int('Coupon value incorrect')
      .min(0, 'Coupon value incorrect')
      .max(couponLimits.maxAmountCents, 'Coupon value incorrect'),
    amountCents: z
      .number()
      .int('Coupon value incorrect')
      .min(0, 'Coupon value incorrect')
      .max(couponLimits.maxAmountCents, 'Coupon value incorrect'),
    percentOff: z
      .number()
      .int('Coupon value incorrect')
      .min(0, 'Coupon value incorrect')
      .max(couponLimits.maxPercentOff, 'Coupon value incorrect'),
    startsAtMs: z.number().int().min(0),
    endsAtMs: z.number().int().min(0),
    stock: z.number().int('Invalid parameters').min(1, 'Invalid parameters').max(couponLimits.maxStock, 'Invalid parameters'),
    perBuyerLimit: z.number().int('Invalid parameters').min(1, 'Invalid parameters').max(couponLimits.maxPerBuyer, 'Invalid parameters'),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (couponTermsProblem(b)) ctx.addIssue({ code: 'custom', message: 'Coupon value incorrect', path: ['amountCents'] })
    if (b.endsAtMs <= b.startsAtMs || b.endsAtMs - b.startsAtMs > couponLimits.maxWindowMs)
      ctx.addIssue({ code: 'custom', message: 'Coupon period incorrect', path: ['endsAtMs'] })
  })
export type CouponBody = z.infer<typeof CouponBody>

/** A coupon as its issuer sees it: the terms, stock and claims, uses, and its phase. */
export const IssuedCoupon = Coupon.extend({
  stock: id,
  claimed: id,
  used: id,
  endedAtMs: id.nullable(),
  createdAtMs: id,
  phase: z.enum(couponPhases),
})
export type IssuedCoupon = z.infer<typeof IssuedCoupon>
export const IssuedCouponPage = z.object({ items: z.array(IssuedCoupon), nextCursor: z.string().nullable() })
export type IssuedCouponPage = z.infer<typeof IssuedCouponPage>
export const IssuedCouponQuery = z.object({ cursor: cursorParam.optional(), limit }).strict()

/** A shop order's coupon at checkout: a held coupon that fits it and the discount it gives. */
export const CouponChoice = z.object({ heldId: id, coupon: Coupon, discountCents: id })
export type CouponChoice = z.infer<typeof CouponChoice>

/**
 * The published coupon rules (`GET /api/rules`): the bounds of what an issuer may set, and how
 * long a claimed coupon counts as new. One coupon per shop order; a coupon never takes the
 * buyer's last cent of a unit (contract `maxCouponCents`).
 */
export const CouponRules = z.object({
  newForMs: id,
  titleMaxLength: id,
  maxStock: id,
  maxPerBuyer: id,
  minPercentOff: id,
  maxPercentOff: id,
  maxAmountCents: id,
  maxWindowMs: id,
})
export type CouponRules = z.infer<typeof CouponRules>
