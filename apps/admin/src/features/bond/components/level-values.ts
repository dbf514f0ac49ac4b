import type { BondLevel } from '@bazaar/contract/bond'
import { levelTableProblem, maxBondLevels, maxProfitRatioBasisPoints } from '@bazaar/contract/bond-values'
import { centsToInput, maxAmountCents, parseCents } from '@bazaar/contract/money'

/** A level as the form holds it: the bond as typed text (dollars), the ratio in percent. */
export type LevelRow = {
  bond: string
  ratioPercent: number | null
  dailyTraffic: number | null
  maxListings: number | null
}
export type LevelsForm = { levels: LevelRow[] }

/** The contract's per-field ranges (`BondLevel`), for the form's own checks. */
export const levelLimits = {
  maxRatioPercent: maxProfitRatioBasisPoints / 100,
  maxDailyTraffic: 100_000_000,
  minListings: 1,
  maxListings: 100_000,
  maxLevels: maxBondLevels,
} as const

export function toRow(l: BondLevel): LevelRow {
  return {
    bond: centsToInput(l.bondCents, { fixedDecimals: true }),
    ratioPercent: l.profitRatioBasisPoints / 100,
    dailyTraffic: l.dailyTraffic,
    maxListings: l.maxListings,
  }
}

/** A bond typed in the form, in cents (zero allowed: the first level may ask none). */
export function bondCents(text: string | undefined): number | undefined {
  return parseCents(text ?? '', { allowZero: true, maxCents: maxAmountCents })
}

/** One row as the contract's level (numbered by its place), or undefined while a field is empty or out of range. */
export function toLevel(row: LevelRow | undefined, index: number): BondLevel | undefined {
  if (!row) return undefined
  const cents = bondCents(row.bond)
  const { ratioPercent: ratio, dailyTraffic: traffic, maxListings: listings } = row
  if (cents === undefined || ratio === null || traffic === null || listings === null) return undefined
  const basisPoints = Math.round(ratio * 100)
  if (basisPoints < 0 || basisPoints > maxProfitRatioBasisPoints) return undefined
  if (!Number.isInteger(traffic) || traffic < 0 || traffic > levelLimits.maxDailyTraffic) return undefined
  if (!Number.isInteger(listings) || listings < levelLimits.minListings || listings > levelLimits.maxListings) return undefined
  return { level: index + 1, bondCents: cents, profitRatioBasisPoints: basisPoints, dailyTraffic: traffic, maxListings: listings }
}

/** The whole table, or undefined while any row is incomplete. */
export function toLevels(rows: readonly LevelRow[]): BondLevel[] | undefined {
  const levels = rows.map(toLevel)
  return levels.every((l): l is BondLevel => l !== undefined) ? levels : undefined
}

/**
 * Why the table would be refused (contract `levelTableProblem`: each level costs more than
 * the one below and gives no less) and the first level that breaks it.
 */
export function tableProblem(levels: readonly BondLevel[]): { problem: string; level: number } | undefined {
  for (let n = 1; n <= levels.length; n++) {
    const problem = levelTableProblem(levels.slice(0, n))
    if (problem) return { problem, level: n }
  }
  return undefined
}

/** A new top level: the one below it, costing twice as much (at least 100.00 more). */
export function nextRow(rows: readonly LevelRow[]): LevelRow {
  const last = rows.at(-1)
  if (!last) return { bond: '0.00', ratioPercent: 10, dailyTraffic: 100, maxListings: 50 }
  const cents = bondCents(last.bond) ?? 0
  return { ...last, bond: centsToInput(Math.max(cents * 2, cents + 10_000), { fixedDecimals: true }) }
}
