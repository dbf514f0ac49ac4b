import type { CouponBody, IssuedCoupon, IssuedCouponPage } from '@bazaar/contract/coupon'
import { couponPhase } from '@bazaar/contract/coupon-values'
import type { Db, Trx } from '../../db/database.ts'
import { recordAudit } from '../../platform/audit.ts'
import { afterIdOf, nextIdCursor } from '../../platform/cursor.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'
import { issuerNames, toCoupon } from './views.ts'

/**
 * Issuing coupons (SPEC §3 Coupon): a shop issues coupons it pays for itself (merchant routes),
 * the platform issues coupons its marketing account pays for (operators' routes, audit-logged).
 * ARCHITECTURE.md money flows says who pays; checkout-service.ts applies them.
 */

/** Who issues: a merchant's shop, or an operator for the platform. */
export type Issuer = { shopId: number } | { operatorId: number }

const scopeOf = (issuer: Issuer): repo.IssuerScope => ('shopId' in issuer ? { shopId: issuer.shopId } : { platform: true })

async function toIssued(trx: Trx, rows: repo.CouponRow[], nowMs: number): Promise<IssuedCoupon[]> {
  const ids = rows.map((r) => r.id)
  const [names, uses] = await Promise.all([issuerNames(trx, rows), repo.useCounts(trx, ids)])
  return rows.map((r) => ({
    ...toCoupon(r, names),
    stock: r.stock,
    claimed: r.claimed_count,
    used: uses.get(r.id) ?? 0,
    endedAtMs: r.ended_at_ms === null ? null : Number(r.ended_at_ms),
    createdAtMs: Number(r.created_at_ms),
    phase: couponPhase({ startsAtMs: Number(r.starts_at_ms), endsAtMs: Number(r.ends_at_ms), endedAtMs: r.ended_at_ms }, nowMs),
  }))
}

/**
 * Issues a coupon (terms checked by the contract's `CouponBody`); its window must not be over
 * already. A platform coupon's creation is audit-logged in the same transaction.
 * @throws 'Coupon period incorrect'
 */
export async function issueCoupon(db: Db, issuer: Issuer, body: CouponBody, nowMs = Date.now()): Promise<IssuedCoupon> {
  if (body.endsAtMs <= nowMs) throw new AppError('Coupon period incorrect')
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.insertCoupon(trx, {
      issuer: 'shopId' in issuer ? 'shop' : 'platform',
      shop_id: 'shopId' in issuer ? issuer.shopId : null,
      kind: body.kind,
      title: body.title,
      threshold_cents: body.thresholdCents,
      amount_cents: body.amountCents,
      percent_off: body.percentOff,
      starts_at_ms: body.startsAtMs,
      ends_at_ms: body.endsAtMs,
      stock: body.stock,
      per_buyer_limit: body.perBuyerLimit,
      created_by_operator_id: 'operatorId' in issuer ? issuer.operatorId : null,
      created_at_ms: nowMs,
      ended_at_ms: null,
    })
    if ('operatorId' in issuer)
      await recordAudit(trx, {
        operatorId: issuer.operatorId,
        action: 'coupon.create',
        targetType: 'coupon',
        targetId: row.id,
        detail: body,
      })
    return (await toIssued(trx, [row], nowMs))[0]!
  })
}

/**
 * Ends one of the issuer's coupons early: claims stop at once; coupons buyers already hold stay
 * good until the end of their window (a promise made when they claimed). Audit-logged for
 * the platform's.
 * @throws 'Coupon not found' (another issuer's too) | 'Coupon has ended' (ended already)
 */
export async function endCoupon(db: Db, issuer: Issuer, couponId: number, nowMs = Date.now()): Promise<IssuedCoupon> {
  const scope = scopeOf(issuer)
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.endCoupon(trx, scope, couponId, nowMs)
    if (!row) throw new AppError((await repo.findIssuedCoupon(trx, scope, couponId)) ? 'Coupon has ended' : 'Coupon not found')
    if ('operatorId' in issuer)
      await recordAudit(trx, { operatorId: issuer.operatorId, action: 'coupon.end', targetType: 'coupon', targetId: row.id })
    return (await toIssued(trx, [row], nowMs))[0]!
  })
}

/**
 * The issuer's coupons, newest first, with claims, uses and phase.
 * @throws 'Invalid cursor'
 */
export async function issuedCoupons(
  db: Db,
  issuer: Issuer,
  query: { cursor?: string; limit: number },
  nowMs = Date.now(),
): Promise<IssuedCouponPage> {
  const rows = await repo.issuedPage(db.kysely, scopeOf(issuer), afterIdOf(query.cursor, 'issued-coupons'), query.limit)
  return {
    items: await toIssued(db.kysely, rows.slice(0, query.limit), nowMs),
    nextCursor: nextIdCursor(rows, query.limit, 'issued-coupons'),
  }
}
