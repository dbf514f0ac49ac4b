import type { Coupon } from '@bazaar/contract/coupon'
import type { HeldCoupon } from '@bazaar/contract/coupon-values'
import type { Trx } from '../../db/database.ts'
import { shopNames } from '../catalog/service.ts'
import type { CouponRow, HeldRow } from './repo.ts'

/** Rows of the coupon module mapped to the contract's shapes (the service's, never the routes'). */

/** The names of the shops that issued these coupons (one statement). */
export async function issuerNames(trx: Trx, rows: CouponRow[]): Promise<Map<number, string>> {
  const ids = rows.flatMap((r) => (r.shop_id === null ? [] : [r.shop_id]))
  const names = await shopNames(trx, ids)
  return new Map([...names].map(([id, s]) => [id, s.name]))
}

export function toCoupon(row: CouponRow, names: Map<number, string>): Coupon {
  return {
    id: row.id,
    issuer: row.issuer,
    shop: row.shop_id === null ? null : { id: row.shop_id, name: names.get(row.shop_id) ?? '' },
    kind: row.kind,
    title: row.title,
    thresholdCents: Number(row.threshold_cents),
    amountCents: Number(row.amount_cents),
    percentOff: row.percent_off,
    startsAtMs: Number(row.starts_at_ms),
    endsAtMs: Number(row.ends_at_ms),
    perBuyerLimit: row.per_buyer_limit,
  }
}

/** A claim's terms as checkout computes with them (contract coupon-values). */
export function toHeldCoupon(row: HeldRow): HeldCoupon {
  return {
    id: row.held_id,
    issuer: row.issuer,
    shopId: row.shop_id,
    kind: row.kind,
    thresholdCents: Number(row.threshold_cents),
    amountCents: Number(row.amount_cents),
    percentOff: row.percent_off,
  }
}
