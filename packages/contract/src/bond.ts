import { z } from 'zod'
import {
  bondAgreementStatuses,
  bondReasonMaxLength,
  bondRequestKinds,
  levelTableProblem,
  maxBondLevels,
  maxProfitRatioBasisPoints,
  signerNameMaxLength,
} from './bond-values.ts'
import { maxPageSize } from './catalog-values.ts'
import { maxAmountCents } from './money.ts'
import { cursorParam, multiLine, singleLine } from './text.ts'

/** A bond level (SPEC §3 Bond level): bond in cents, profit ratio in basis points. */
export const BondLevel = z
  .object({
    level: z.number().int().min(1).max(maxBondLevels),
    bondCents: z.number().int().min(0).max(maxAmountCents),
    profitRatioBasisPoints: z.number().int().min(0).max(maxProfitRatioBasisPoints),
    dailyTraffic: z.number().int().min(0).max(100_000_000),
    maxListings: z.number().int().min(1).max(100_000),
  })
  .strict()
export type BondLevel = z.infer<typeof BondLevel>

/** `PUT /api/admin/bond-levels`: the whole table (levels 1..n, each higher one costs more and gives no less). */
export const BondLevelsBody = z
  .object({ levels: z.array(BondLevel).min(1).max(maxBondLevels) })
  .strict()
  .refine((b) => levelTableProblem(b.levels) === undefined, { message: 'Invalid parameters', path: ['levels'] })

/** Every bond rule, published for the bond page (GET /api/bond/rules). */
export const BondRules = z.object({
  levels: z.array(BondLevel),
  credit: z.object({
    initial: z.number().int(),
    min: z.number().int(),
    max: z.number().int(),
    completedOrderPoints: z.number().int(),
    refundPoints: z.number().int(),
    lowCreditBelow: z.number().int(),
    lowCreditPriceCapCents: z.number().int(),
  }),
  refund: z.object({ reviewWithinMs: z.number().int(), steps: z.array(z.string()) }),
  /** Score points a level's daily traffic adds to each listing's 'recommend' rank (`trafficScorePoints`). */
  trafficPointsPerLevel: z.array(z.object({ level: z.number().int(), points: z.number().int() })),
  contractVersion: z.string(),
})
export type BondRules = z.infer<typeof BondRules>

/** One step of an agreement's timeline. */
export const BondTimelineStep = z.object({ status: z.enum(bondAgreementStatuses), atMs: z.number().int() })

/** A bond agreement: an upgrade, or a request to lower the level or refund the bond. */
export const BondRequest = z.object({
  id: z.number().int(),
  kind: z.enum(bondRequestKinds),
  status: z.enum(bondAgreementStatuses),
  fromLevel: z.number().int(),
  toLevel: z.number().int(),
  /** Paid into the bond (upgrade) or to be returned (lower, refund), cents. */
  amountCents: z.number().int(),
  signerName: z.string().nullable(),
  contractVersion: z.string().nullable(),
  signedAtMs: z.number().int().nullable(),
  reason: z.string(),
  rejectReason: z.string().nullable(),
  createdAtMs: z.number().int(),
  decidedAtMs: z.number().int().nullable(),
  timeline: z.array(BondTimelineStep),
})
export type BondRequest = z.infer<typeof BondRequest>

/** The merchant's bond page (SPEC §2 shop_bond). */
export const BondOverview = z.object({
  level: z.number().int(),
  bondCents: z.number().int(),
  levels: z.array(BondLevel),
  /** Orders not yet settled or refunded: a lower-level or refund request waits for them. */
  unprocessedOrders: z.number().int(),
  requests: z.array(BondRequest),
})

/** `POST /api/shop/bond/upgrade`: sign the contract and pay target bond − current bond from the wallet. */
export const UpgradeBody = z
  .object({
    level: z.number().int().min(1).max(maxBondLevels),
    signerName: singleLine().trim().min(1, 'Sign the contract first').max(signerNameMaxLength, 'Invalid parameters'),
    agreed: z.literal(true, 'Sign the contract first'),
  })
  .strict()

/**
 * `POST /api/shop/bond/requests`: ask to lower the level (`level` below the current) or
 * refund the bond (down to level 1's bond). `keepListingIds`: listings to keep on the shelf
 * if the lower level allows fewer (the rest go off, newest first).
 */
export const BondRequestBody = z
  .object({
    kind: z.enum(['lower', 'refund']),
    level: z.number().int().min(1).max(maxBondLevels).optional(),
    keepListingIds: z.array(z.number().int().positive()).max(100_000).default([]),
    reason: multiLine().trim().max(bondReasonMaxLength, 'Invalid parameters').default(''),
  })
  .strict()
  .refine((b) => b.kind === 'refund' || b.level !== undefined, { message: 'Invalid parameters', path: ['level'] })

export const AdminBondRequest = BondRequest.extend({ shopId: z.number().int(), shopName: z.string() })
export type AdminBondRequest = z.infer<typeof AdminBondRequest>
export const AdminBondRequestPage = z.object({ items: z.array(AdminBondRequest), nextCursor: z.string().nullable() })
export const BondRequestQuery = z
  .object({
    status: z.enum(bondAgreementStatuses).default('processing'),
    cursor: cursorParam.optional(),
    limit: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(maxPageSize, 'Page size must be 1 to 100').default(20),
  })
  .strict()
