import type { CouponBody } from './coupon.ts'
import { dayEndMs, dayIn, dayStartMs } from './coupon-dates.ts'
import { type CouponKind, couponLimits, couponTermsProblem } from './coupon-values.ts'
import { parseCents } from './money.ts'

/**
 * The new-coupon forms of the merchant pages and of the operators' console (zod-free, so both
 * apps share one reading of what an issuer typed; the server checks the body again with
 * `CouponBody`). Money as typed text ('5.50'), days as YYYY-MM-DD in the platform's time zone
 * (/api/rules `timeZone`), whatever the issuer's own clock says: a coupon valid through Dec 28
 * ends at the platform's midnight after Dec 28 for every buyer.
 */

/** What an issuer types into the new-coupon form: text as typed, dates as YYYY-MM-DD. */
export interface CouponDraft {
  kind: CouponKind
  title: string
  threshold: string
  amount: string
  percent: string
  starts: string
  ends: string
  stock: string
  perBuyer: string
}

/** A problem the form finds before sending: one of its own texts, or a catalogue key. */
export type DraftProblem =
  | 'name'
  | 'money'
  | 'percent'
  | 'count'
  | 'perBuyer'
  | 'date'
  | 'Coupon value incorrect'
  | 'Coupon period incorrect'

const dayMs = 86_400_000

/** The platform's day at `epochMs` as YYYY-MM-DD (what a date input shows). */
export function dayInput(epochMs: number, timeZone: string): string {
  return dayIn(epochMs, timeZone)
}

/** A new draft: $3 off orders of $10, from today for a week, 100 coupons, one per buyer. */
export function newDraft(nowMs: number, timeZone: string): CouponDraft {
  return {
    kind: 'full_reduction',
    title: '',
    threshold: '10',
    amount: '3',
    percent: '10',
    starts: dayInput(nowMs, timeZone),
    ends: dayInput(nowMs + 6 * dayMs, timeZone),
    stock: '100',
    perBuyer: '1',
  }
}

const wholeIn = (text: string, min: number, max: number) => {
  const n = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
  return n >= min && n <= max ? n : undefined
}

/**
 * Reads a draft into the request body (the window runs from the start day's first moment to
 * the end day's last, in the platform's time zone `timeZone`), or says which fields are
 * wrong, with the same rules as the server (contract `couponTermsProblem`, `couponLimits`).
 * @returns the body, or problems by the body's field names (where server refusals land too)
 */
export function readDraft(draft: CouponDraft, timeZone: string): { body: CouponBody } | { problems: Record<string, DraftProblem> } {
  const problems: Record<string, DraftProblem> = {}
  const title = draft.title.trim()
  if (title.length < 1 || title.length > couponLimits.titleMaxLength) problems.title = 'name'
  const percentKind = draft.kind === 'full_discount'
  const thresholdCents = draft.kind === 'instant' ? 0 : parseCents(draft.threshold)
  const amountCents = percentKind ? 0 : parseCents(draft.amount)
  const percentOff = percentKind ? wholeIn(draft.percent, couponLimits.minPercentOff, couponLimits.maxPercentOff) : 0
  if (thresholdCents === undefined) problems.thresholdCents = 'money'
  if (amountCents === undefined) problems.amountCents = 'money'
  if (percentOff === undefined) problems.percentOff = 'percent'
  const startsAtMs = dayStartMs(draft.starts, timeZone)
  const endsAtMs = dayEndMs(draft.ends, timeZone)
  if (Number.isNaN(startsAtMs)) problems.startsAtMs = 'date'
  if (Number.isNaN(endsAtMs)) problems.endsAtMs = 'date'
  const stock = wholeIn(draft.stock, 1, couponLimits.maxStock)
  const perBuyerLimit = wholeIn(draft.perBuyer, 1, couponLimits.maxPerBuyer)
  if (stock === undefined) problems.stock = 'count'
  if (perBuyerLimit === undefined) problems.perBuyerLimit = 'perBuyer'
  if (Object.keys(problems).length > 0 || thresholdCents === undefined || amountCents === undefined || percentOff === undefined)
    return { problems }
  const terms = { kind: draft.kind, thresholdCents, amountCents, percentOff }
  if (couponTermsProblem(terms)) problems[percentKind ? 'percentOff' : 'amountCents'] = 'Coupon value incorrect'
  if (endsAtMs <= startsAtMs || endsAtMs - startsAtMs > couponLimits.maxWindowMs) problems.endsAtMs = 'Coupon period incorrect'
  if (Object.keys(problems).length > 0 || stock === undefined || perBuyerLimit === undefined) return { problems }
  return { body: { ...terms, title, startsAtMs, endsAtMs, stock, perBuyerLimit } }
}
