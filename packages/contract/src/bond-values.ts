/**
 * The bond (operating fund) domain's plain values (no zod): the agreement states and their
 * moves, the level table's limits, the traffic weight and the published refund process.
 * bond.ts builds its schemas from them; the shop's bond page imports them from here.
 */

import type { Actor } from './orders-values.ts'

/**
 * Agreement states (SPEC §4 Bond): `processing` (a request to lower the level or refund the
 * bond waits for an operator), `agree` (lowering approved: the difference went back to the
 * wallet), `disagree` (refused), `refund` (the bond refunded down to the lowest level's),
 * `upgraded` (the contract signed and the difference paid).
 */
export const bondAgreementStatuses = ['processing', 'agree', 'disagree', 'refund', 'upgraded'] as const
export type BondAgreementStatus = (typeof bondAgreementStatuses)[number]

/** What an agreement is for. */
export const bondRequestKinds = ['upgrade', 'lower', 'refund'] as const
export type BondRequestKind = (typeof bondRequestKinds)[number]

/**
 * Agreement moves: an upgrade is signed and paid at once; lowering and refunding are
 * requests an operator approves or refuses. Only one request may be processing per shop
 * ('Processing'), and none while orders remain unprocessed.
 */
export const bondTransitions = {
  upgrade: { from: [null], to: 'upgraded', by: 'merchant' },
  requestLower: { from: [null], to: 'processing', by: 'merchant' },
  requestRefund: { from: [null], to: 'processing', by: 'merchant' },
  approveLower: { from: ['processing'], to: 'agree', by: 'system' },
  approveRefund: { from: ['processing'], to: 'refund', by: 'system' },
  reject: { from: ['processing'], to: 'disagree', by: 'system' },
} as const satisfies Record<string, { from: readonly (BondAgreementStatus | null)[]; to: BondAgreementStatus; by: Actor }>
export type BondAction = keyof typeof bondTransitions

/** True when an agreement in `status` (null: a new one) allows `action`. */
export function canDoBond(action: BondAction, status: BondAgreementStatus | null): boolean {
  return (bondTransitions[action].from as readonly (BondAgreementStatus | null)[]).includes(status)
}

/** A row of the bond level table (SPEC §3 Bond level); amounts in cents, the ratio in basis points. */
export interface BondLevelValues {
  level: number
  bondCents: number
  profitRatioBasisPoints: number
  dailyTraffic: number
  maxListings: number
}

/** Most levels the table may hold. */
export const maxBondLevels = 20
/** Highest profit ratio a level may give, in basis points (90 %). */
export const maxProfitRatioBasisPoints = 9_000

/**
 * Why a level table is refused, or undefined when it is sound: levels 1..n in order, the
 * lowest costs nothing more than the next, and each higher level asks a larger bond and
 * gives no less ratio, traffic or listings.
 */
export function levelTableProblem(levels: readonly BondLevelValues[]): string | undefined {
  if (levels.length === 0 || levels.length > maxBondLevels) return 'count'
  for (const [i, l] of levels.entries()) {
    if (l.level !== i + 1) return 'order'
    const before = levels[i - 1]
    if (!before) continue
    if (l.bondCents <= before.bondCents) return 'bond'
    if (l.profitRatioBasisPoints < before.profitRatioBasisPoints) return 'ratio'
    if (l.dailyTraffic < before.dailyTraffic || l.maxListings < before.maxListings) return 'limits'
  }
  return undefined
}

/**
 * The 'recommend' score points a shop's daily pushed traffic adds to each of its listings
 * (one point per 10 visitors pushed a day; a unit sold is worth 10 points), so higher
 * levels rank higher in the recommended order and the home feed.
 */
export function trafficScorePoints(dailyTraffic: number): number {
  return Math.floor(Math.max(0, dailyTraffic) / 10)
}

/** What a change of level pays or returns, in cents: target bond − current bond (negative: money back). */
export function bondDifferenceCents(currentBondCents: number, targetLevelBondCents: number): number {
  return targetLevelBondCents - currentBondCents
}

/**
 * The published refund process (GET /api/bond/rules): a request to lower the level or refund
 * the bond is refused while orders remain unprocessed; an operator reviews it within
 * `reviewWithinMs`; on approval the difference returns to the wallet at once, through the
 * ledger, and listings above the lower level's count go off the shelf (the merchant's
 * choice, else the newest first).
 */
export const bondRefundProcess = {
  reviewWithinMs: 3 * 86_400_000,
  steps: ['request', 'review', 'returned'] as const,
} as const

/** The version of the bond contract a merchant signs (recorded with each agreement). */
export const bondContractVersion = '2026-11'
/** Longest signer name and request reason, in characters. */
export const signerNameMaxLength = 100
export const bondReasonMaxLength = 500
