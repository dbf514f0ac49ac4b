/** A profit ratio in basis points as a percent with up to two decimals: 1000 → '10%', 1250 → '12.5%'. */
export function formatRatio(basisPoints: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000)
}

/** A whole number in the locale's digits and grouping: 10000 → '10,000'. */
export function formatInteger(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)
}
