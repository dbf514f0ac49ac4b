import type { Cents } from './money.ts'

/**
 * Money as text at the edge (ARCHITECTURE.md: format only at the edge), in the reader's
 * locale. The division by 100 is for display only; amounts stay integer cents everywhere else.
 */

const formats = new Map<string, Intl.NumberFormat>()

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key)
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/** The amount without a unit, two decimals in the locale: formatAmount(123450, 'en') → '1,234.50'. Division for display only. */
export function formatAmount(cents: Cents, locale: string): string {
  return cachedFormat(
    `plain:${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(cents / 100)
}

/** USDT is not an ISO currency: the two-decimal number, then its unit: '1.234,50 USDT' (de). */
export function formatUsdt(cents: Cents, locale: string): string {
  return `${formatAmount(cents, locale)}\u00a0USDT`
}

/** Dollars as the locale writes USD: formatUsd(54900, 'en') → '$549.00', 'de' → '549,00 $'. */
export function formatUsd(cents: Cents, locale: string): string {
  return cachedFormat(`usd:${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })).format(cents / 100)
}
