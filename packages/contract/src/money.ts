/**
 * The Money helper (ARCHITECTURE.md, Money): integer cents, parsed, computed and formatted
 * here and nowhere else. Zod-free, so the shop can import it without zod in its bundle.
 * Import what you need, or the whole module: `import * as Money from '@bazaar/contract/money'`.
 * Display is money-format.ts, apart so that a page which only shows prices (the shop's first
 * route, BENCH B1) does not carry the parser.
 *
 * What a person types is read by `parseAmount`, one rule for every form:
 * - surrounding spaces are ignored; nothing typed is `empty` (an optional bound may treat it as "none");
 * - digits, then optionally `.` or `,` and at most 2 decimals: '12' → 1200, '12.5' → 1250,
 *   '12,05' → 1205, '12.' → 1200 (a separator left at the end is accepted), '007' → 700;
 * - anything else is `format`: '.5', '1.234' (never rounded), '-1', '+1', '1e3', '1 000', '1,000.00';
 * - 0 is `zero` unless the caller allows it (a fee may be nothing, a payment may not);
 * - above `maxCents` (default `maxAmountCents`) is `tooLarge`.
 */

/** An amount of money in integer cents of USD/USDT (never a float, never dollars). */
export type Cents = number

/** Largest amount one request may carry: 100 million dollars, in cents. */
export const maxAmountCents: Cents = 10_000_000_000

/** Why a typed amount was refused. */
export type AmountProblem = 'empty' | 'format' | 'zero' | 'tooLarge'

/** The outcome of `parseAmount`: the cents, or the problem. */
export type ParsedAmount = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem }

/** `allowZero`: 0 is an amount (default false). `maxCents`: the largest amount taken (default `maxAmountCents`). */
export type ParseAmountOptions = { allowZero?: boolean; maxCents?: Cents }

const amountPattern = /^(\d+)(?:[.,](\d{0,2}))?$/
// 13 whole digits × 100 stays below 2^53: Number() of them is exact.
const maxWholeDigits = 13

/** Reads an amount typed by a person into integer cents without floating point (rules above). */
export function parseAmount(text: string, { allowZero = false, maxCents = maxAmountCents }: ParseAmountOptions = {}): ParsedAmount {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, problem: 'empty' }
  const match = amountPattern.exec(trimmed)
  if (!match) return { ok: false, problem: 'format' }
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '')
  if (whole.length > maxWholeDigits) return { ok: false, problem: 'tooLarge' }
  const cents = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (cents > maxCents) return { ok: false, problem: 'tooLarge' }
  if (cents === 0 && !allowZero) return { ok: false, problem: 'zero' }
  return { ok: true, cents }
}

/** `parseAmount` for callers that only need the cents: undefined for any problem. */
export function parseCents(text: string, options: ParseAmountOptions = {}): Cents | undefined {
  const parsed = parseAmount(text, options)
  return parsed.ok ? parsed.cents : undefined
}

/**
 * Cents as text to put back in an input, read again by `parseAmount` to the same cents:
 * 1250 → '12.50'; 1200 → '12', or '12.00' with `fixedDecimals` (the console's forms).
 */
export function centsToInput(cents: Cents, { fixedDecimals = false }: { fixedDecimals?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : ''
  const whole = Math.floor(Math.abs(cents) / 100)
  const fraction = Math.abs(cents) % 100
  if (fraction === 0 && !fixedDecimals) return `${sign}${whole}`
  return `${sign}${whole}.${String(fraction).padStart(2, '0')}`
}

/**
 * Keeps what a person types readable as an amount while typing: digits, one separator
 * (',' or '.'), at most 2 decimals, at most `maxWholeDigitsTyped` whole digits.
 * '12.345' → '12.34', 'a1b' → '1', '7.' stays '7.'.
 */
export function sanitizeAmountInput(text: string, maxWholeDigitsTyped = 11): string {
  const cleaned = text.replace(/[^\d.,]/g, '')
  const separator = cleaned.search(/[.,]/)
  if (separator < 0) return cleaned.slice(0, maxWholeDigitsTyped)
  const whole = cleaned.slice(0, separator).slice(0, maxWholeDigitsTyped)
  const decimals = cleaned
    .slice(separator + 1)
    .replace(/[.,]/g, '')
    .slice(0, 2)
  return `${whole}${cleaned[separator]}${decimals}`
}

/** Applies a discount in basis points (1296 = 12.96 %) to a price, rounding half up to the cent. */
export function discountedCents(listPriceCents: Cents, discountBasisPoints: number): Cents {
  return listPriceCents - Math.floor((listPriceCents * discountBasisPoints + 5_000) / 10_000)
}

/** Parses a percent with at most 2 decimals ('12.96' or 12.96) into basis points (1296) without float error. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100)
}
