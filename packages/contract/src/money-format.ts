import type { Cents } from './money.ts'

/**
 * Money as text at the edge (ARCHITECTURE.md: format only at the edge), in the reader's
 * locale. The division by 100 is for display only; amounts stay integer cents everywhere else.
 */

const formats = new Map<string, Intl.NumberFormat>()

/**
 * One Intl.NumberFormat per locale and options, made at its first use and kept: making one costs
 * tens of microseconds, and a server-rendered list formats every card's figures (issue 25).
 */
export function cachedNumberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/** The amount without a unit, two decimals in the locale: formatAmount(123450, 'en') → '1,234.50'. Division for display only. */
export function formatAmount(cents: Cents, locale: string): string {
  return cachedNumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)
}

/** USDT is not an ISO currency: the two-decimal number, then its unit: '1.234,50 USDT' (de). */
export function formatUsdt(cents: Cents, locale: string): string {
  return `${formatAmount(cents, locale)}\u00a0USDT`
}

/** Dollars as the locale writes USD: formatUsd(54900, 'en') → '$549.00', 'de' → '549,00 $'. */
export function formatUsd(cents: Cents, locale: string): string {
  return cachedNumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100)
}
