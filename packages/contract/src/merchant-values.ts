/**
 * The merchant domain's plain values (no zod): the shop application's states and limits, the
 * listing price math and the credit rule. merchant.ts builds its schemas from them; the shop
 * and the console import them from here, so a screen previews exactly what the server computes.
 */

import type { Actor } from './orders-values.ts'

/** Shop types of the application's first step (SPEC §3); only `personal` is open ('Not yet open'). */
export const shopTypes = ['personal', 'enterprise', 'charity'] as const
export type ShopType = (typeof shopTypes)[number]
/** The shop types an application may be filed for today. */
export const openShopTypes: readonly ShopType[] = ['personal']

/** Identity documents an applicant may show (SPEC §3 Shop application). */
export const documentKinds = ['passport', 'id_card', 'driving_licence'] as const
export type DocumentKind = (typeof documentKinds)[number]

/** Application states (SPEC §4 Shop application): under review, opened successfully, failed. */
export const applicationStatuses = ['under_review', 'approved', 'rejected'] as const
export type ApplicationStatus = (typeof applicationStatuses)[number]

/**
 * Application moves: `submit` starts a new application (none yet, or the last one rejected:
 * the applicant refills); an operator approves or rejects one under review. A second
 * submission while one is under review answers 'Processing'.
 */
export const applicationTransitions = {
  submit: { from: [null, 'rejected'], to: 'under_review', by: 'buyer' },
  approve: { from: ['under_review'], to: 'approved', by: 'system' },
  reject: { from: ['under_review'], to: 'rejected', by: 'system' },
} as const satisfies Record<string, { from: readonly (ApplicationStatus | null)[]; to: ApplicationStatus; by: Actor }>
export type ApplicationAction = keyof typeof applicationTransitions

/** True when `action` is allowed for an applicant whose latest application is in `status` (null: none yet). */
export function canDoApplication(action: ApplicationAction, status: ApplicationStatus | null): boolean {
  return (applicationTransitions[action].from as readonly (ApplicationStatus | null)[]).includes(status)
}

/** Text limits of the application and the shop settings, in characters after trimming. */
export const applicationLimits = {
  name: { min: 1, max: 100 },
  documentNumber: { min: 3, max: 40 },
  birthplace: { min: 1, max: 100 },
  residence: { min: 1, max: 100 },
  city: { min: 1, max: 100 },
  street: { min: 1, max: 200 },
  postalCode: { min: 1, max: 20 },
  shopName: { min: 2, max: 40 },
  description: { min: 0, max: 500 },
} as const

/** Longest shop bio (settings), in characters. */
export const shopBioMaxLength = 500
/** Most countries a shop lists as delivery destinations (an empty list delivers everywhere). */
export const maxShipCountries = 250
/** Highest flat shipping fee a shop may charge per order, in cents (1,000 dollars). */
export const maxFreightCents = 100_000
/** Highest purchase price an operator may set on a SKU, in cents (10 million dollars). */
export const maxPurchasePriceCents = 1_000_000_000

/** Units per SKU a new listing gets when the merchant does not say (1 to `maxListingStock`). */
export const defaultListingStock = 100
export const maxListingStock = 100_000

/** A country code (ISO 3166-1 alpha-2) is in a shop's delivery list; an empty list delivers everywhere ('no_order'). */
export function shopDeliversTo(shipCountries: readonly string[], country: string): boolean {
  return shipCountries.length === 0 || shipCountries.includes(country.toUpperCase())
}

/**
 * A listing's sale price from the platform's purchase price and the shop level's profit
 * ratio (SPEC §3 Goods): sale = purchase / (1 − ratio), rounded half up to the cent, in
 * integer arithmetic. E.g. 900 cents at 1000 bp (10 %) → 1000 cents.
 * @param purchaseCents integer cents ≥ 0
 * @param profitRatioBasisPoints 0 to 9999 (1000 = 10 %)
 */
export function salePriceCents(purchaseCents: number, profitRatioBasisPoints: number): number {
  const keep = 10_000 - profitRatioBasisPoints
  if (!Number.isSafeInteger(purchaseCents) || purchaseCents < 0) throw new RangeError(`purchase must be whole cents ≥ 0: ${purchaseCents}`)
  if (!Number.isInteger(profitRatioBasisPoints) || keep <= 0 || profitRatioBasisPoints < 0)
    throw new RangeError(`ratio must be 0 to 9999 basis points: ${profitRatioBasisPoints}`)
  return Math.floor((purchaseCents * 20_000 + keep) / (2 * keep))
}

/** Expected profit of one unit listed at the ratio: sale price − purchase price, in cents (shown before saving). */
export function expectedProfitCents(purchaseCents: number, profitRatioBasisPoints: number): number {
  return salePriceCents(purchaseCents, profitRatioBasisPoints) - purchaseCents
}

/**
 * The shop credit rule (SPEC §5, §6), published at GET /api/bond/rules: a new shop starts at
 * `initial`; each completed order (settled with at least one unit kept) adds
 * `completedOrderPoints`; each after-sales case refunded (agreed by the merchant, its return
 * confirmed, moved by the sweep at a missed deadline, or decided with a full or partial
 * refund by an operator) and each order refunded for not shipping in time takes
 * `refundPoints`; the score stays within `min`..`max`. A shop below `lowCreditBelow` is
 * low-credit and cannot list goods whose sale price is above `lowCreditPriceCapCents`
 * ('sj_zdjg'). Operators may set a score in the console (audited).
 *
 * The rule does not use the 30-day refund rate or dispute rate of the merchant dashboard
 * (ARCHITECTURE.md merchant figures; `rateBasisPoints`): every refunded case already costs
 * `refundPoints` once, whoever decided it, so counting the rates as well would charge the
 * same refund twice; the rates are shown to the merchant, not scored.
 */
export const creditRules = {
  initial: 60,
  min: 0,
  max: 100,
  completedOrderPoints: 1,
  refundPoints: -2,
  lowCreditBelow: 70,
  lowCreditPriceCapCents: 10_000,
} as const

/**
 * A rate in basis points (1/100 of a percent), rounded: `part` of `whole`, 0 when `whole` is
 * 0. The dashboard's refund rate (cases opened / orders paid, 30 days) and dispute rate
 * (disputes decided with a refund against the shop / orders paid, 30 days).
 */
export function rateBasisPoints(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 10_000) / whole) : 0
}

/**
 * The score after adding `points` to `score`, kept within the rule's bounds (contract
 * `creditRules`, which says why the refund and dispute rates are not part of it).
 */
export function creditAfter(score: number, points: number): number {
  return Math.min(creditRules.max, Math.max(creditRules.min, score + points))
}

/** True when a shop of this credit score may list a good at `salePriceCents` (else 'sj_zdjg'). */
export function creditAllowsPrice(creditScore: number, salePriceCentsValue: number): boolean {
  return creditScore >= creditRules.lowCreditBelow || salePriceCentsValue <= creditRules.lowCreditPriceCapCents
}

/** Listing states a merchant sees and moves between (deleting hides a listing for good). */
export const listingStatuses = ['on_sale', 'off_shelf'] as const
export type ListingStatus = (typeof listingStatuses)[number]

/** Days the dashboard's chart covers, today included. */
export const dashboardDays = 30
/** One day in milliseconds; figures are grouped by UTC day (`Math.floor(ms / dayMs)`). */
export const dayMs = 86_400_000
