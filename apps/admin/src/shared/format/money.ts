import { parseAmountToCents } from '@bazaar/contract/wallet'

/**
 * Money is integer cents everywhere (ARCHITECTURE.md, Money); this turns it into text at the
 * edge and parses what an operator types back into cents, never through a float.
 */
const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    formats.set(locale, format)
  }
  return format
}

/** The amount without its unit: formatCents(123450, 'en') → '1,234.50'. The division is display only. */
export function formatCents(cents: number, locale: string): string {
  return numberFormat(locale).format(cents / 100)
}

/** USDT is not an ISO currency: a two-decimal number and its unit, '1,234.50 USDT'. */
export function formatUsdt(cents: number, locale: string): string {
  return `${formatCents(cents, locale)}\u00a0USDT`
}

/**
 * Parses a typed amount into cents with the contract's exact parser ('12.5' → 1250). Zero is
 * allowed here (a fee may be nothing), which `parseAmountToCents` refuses by design.
 * @returns undefined when the text is not an amount with at most 2 decimals
 */
export function parseCents(text: string): number | undefined {
  if (/^\s*0+(?:[.,]0{0,2})?\s*$/.test(text)) return 0
  return parseAmountToCents(text)
}

/** Cents as an editable amount: 1250 → '12.50', 1200 → '12.00'; integer arithmetic only. */
export function centsToInput(cents: number): string {
  const whole = Math.trunc(cents / 100)
  const fraction = Math.abs(cents % 100)
  return `${whole}.${String(fraction).padStart(2, '0')}`
}
