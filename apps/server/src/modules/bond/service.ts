import type { BondLevel, BondRequest, BondRules } from '@bazaar/contract/bond'
import { bondContractVersion, bondRefundProcess, trafficScorePoints } from '@bazaar/contract/bond-values'
import { creditRules } from '@bazaar/contract/merchant-values'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.ts'
import { AppError } from '../../platform/errors.ts'
import * as repo from './repo.ts'
import type { BondLevelsTable, BondRequestsTable } from './tables.ts'

/**
 * The bond level table and the rules it sets (SPEC §3 Bond level, §6: the level sets the
 * profit ratio, daily pushed traffic and listing count), for the merchant, catalog and
 * console services. Every function takes the caller's transaction.
 */

const toLevel = (r: Selectable<BondLevelsTable>): BondLevel => ({
  level: r.level,
  bondCents: Number(r.bond_cents),
  profitRatioBasisPoints: r.profit_ratio_bp,
  dailyTraffic: r.daily_traffic,
  maxListings: r.max_listings,
})

/** The level table, lowest first. */
export async function levelTable(trx: Trx): Promise<BondLevel[]> {
  return (await repo.findLevels(trx)).map(toLevel)
}

/**
 * One level's row.
 * @throws 'Level not found'
 */
export async function levelRules(trx: Trx, level: number): Promise<BondLevel> {
  const found = (await levelTable(trx)).find((l) => l.level === level)
  if (!found) throw new AppError('Level not found')
  return found
}

/** What a level gives listings: ratio (basis points), on-sale limit, 'recommend' traffic points. */
export async function listingRulesOf(trx: Trx, level: number) {
  const rules = await levelRules(trx, level)
  return {
    profitRatioBasisPoints: rules.profitRatioBasisPoints,
    maxListings: rules.maxListings,
    trafficPoints: trafficScorePoints(rules.dailyTraffic),
  }
}

/** Each level's ratio and traffic points, for pricing listings again. */
export async function pricingByLevel(trx: Trx): Promise<Map<number, { profitRatioBasisPoints: number; trafficPoints: number }>> {
  return new Map(
    (await levelTable(trx)).map((l) => [
      l.level,
      { profitRatioBasisPoints: l.profitRatioBasisPoints, trafficPoints: trafficScorePoints(l.dailyTraffic) },
    ]),
  )
}

/**
 * Every bond rule, published for the bond page (GET /api/bond/rules): the level table
 * (amounts, ratios, traffic, listing counts), the credit rule and its price cap, how a
 * refund proceeds and how long its review takes, the traffic weight of each level, and the
 * contract version a merchant signs.
 */
export async function bondRules(trx: Trx): Promise<BondRules> {
  const levels = await levelTable(trx)
  return {
    levels,
    credit: { ...creditRules },
    refund: { reviewWithinMs: bondRefundProcess.reviewWithinMs, steps: [...bondRefundProcess.steps] },
    trafficPointsPerLevel: levels.map((l) => ({ level: l.level, points: trafficScorePoints(l.dailyTraffic) })),
    contractVersion: bondContractVersion,
  }
}

/** An agreement row in its API shape, with its timeline (created, then decided). */
export function toBondRequest(r: Selectable<BondRequestsTable>): BondRequest {
  const timeline: BondRequest['timeline'] =
    r.kind === 'upgrade'
      ? [{ status: 'upgraded', atMs: Number(r.created_at_ms) }]
      : [{ status: 'processing', atMs: Number(r.created_at_ms) }]
  if (r.kind !== 'upgrade' && r.status !== 'processing' && r.decided_at_ms !== null)
    timeline.push({ status: r.status, atMs: Number(r.decided_at_ms) })
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    fromLevel: r.from_level,
    toLevel: r.to_level,
    amountCents: Number(r.amount_cents),
    signerName: r.signer_name,
    contractVersion: r.contract_version,
    signedAtMs: r.signed_at_ms === null ? null : Number(r.signed_at_ms),
    reason: r.reason,
    rejectReason: r.reject_reason,
    createdAtMs: Number(r.created_at_ms),
    decidedAtMs: r.decided_at_ms === null ? null : Number(r.decided_at_ms),
    timeline,
  }
}

/** How many bond requests wait for an operator (the console's overview). */
export function processingRequestCount(trx: Trx): Promise<number> {
  return repo.countProcessing(trx)
}
