/**
 * Money is integer cents everywhere (ARCHITECTURE.md, Money); these turn it into text at the
 * edge, in the person's locale, and parse what a person types back into cents.
 */

const usdFormats = new Map<string, Intl.NumberFormat>()
const plainFormats = new Map<string, Intl.NumberFormat>()

function cached(map: Map<string, Intl.NumberFormat>, locale: string, make: () => Intl.NumberFormat) {
  let format = map.get(locale)
  if (!format) {
    format = make()
    map.set(locale, format)
  }
  return format
}

/** Dollars as the locale writes USD: formatUsd(54900, 'en') → '$549.00', 'de' → '549,00 $'. */
export function formatUsd(cents: number, locale: string): string {
  const format = cached(usdFormats, locale, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }))
  return format.format(cents / 100)
}

/**
 * USDT is not an ISO currency, so it is a plain two-decimal number followed by its unit:
 * formatUsdt(123450, 'de') → '1.234,50 USDT'.
 */
export function formatUsdt(cents: number, locale: string): string {
  const format = cached(plainFormats, locale, () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
  return `${format.format(cents / 100)}\u00a0USDT`
}

const dollarsPattern = /^(\d{1,7})(?:[.,](\d{0,2}))?$/

/**
 * Parses dollars typed by a person ('12', '12.5', '12,50', ' 7. ') into integer cents without
 * float arithmetic. Empty input gives null (no bound); anything else unreadable gives undefined.
 */
export function dollarsToCents(input: string): number | null | undefined {
  const text = input.trim()
  if (text === '') return null
  const match = dollarsPattern.exec(text)
  if (!match) return undefined
  const whole = Number(match[1])
  const fraction = Number((match[2] ?? '').padEnd(2, '0'))
  return whole * 100 + fraction
}

/** Cents as an editable dollar amount: 1250 → '12.50', 1200 → '12'. */
export function centsToDollarsInput(cents: number): string {
  const whole = Math.floor(cents / 100)
  const fraction = cents % 100
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`
}
