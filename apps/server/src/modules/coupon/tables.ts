import type { CouponIssuer, CouponKind } from '@bazaar/contract/coupon-values'
import type { Defaulted, Id } from '../../db/column-types.ts'

/** Tables of the coupon module: issued coupons and buyers' claims of them (SPEC §3 Coupon). */
export interface CouponTables {
  coupons: CouponsTable
  user_coupons: UserCouponsTable
}

export interface CouponsTable {
  id: Id
  issuer: CouponIssuer
  /** The issuing shop; null for the platform's coupons. */
  shop_id: number | null
  kind: CouponKind
  title: string
  /** Goods total a shop order must reach (0 for instant reductions). */
  threshold_cents: number
  /** Amount off (reductions), 0 for percentage discounts. */
  amount_cents: number
  /** Percentage off (full-discount), 0 for reductions. */
  percent_off: number
  starts_at_ms: number
  ends_at_ms: number
  /** Claims it may hand out in all; `claimed_count` ≤ this (a CHECK and the conditional update). */
  stock: number
  claimed_count: Defaulted<number>
  per_buyer_limit: number
  /** The operator who issued a platform coupon. */
  created_by_operator_id: number | null
  created_at_ms: number
  /** Set when its issuer ended it: claims stop; what buyers hold stays good until `ends_at_ms`. */
  ended_at_ms: number | null
}

export interface UserCouponsTable {
  id: Id
  coupon_id: number
  user_id: number
  /** 1 to the coupon's per-buyer limit; unique per (coupon, user). */
  claim_no: number
  claimed_at_ms: number
  /** The order that used it (null while unused, and again when the order gives it back). */
  order_id: Defaulted<number | null>
  used_at_ms: Defaulted<number | null>
}
