import { cachedNumberFormat, formatUsd } from '@bazaar/contract/money-format'

/** Counts such as sales and followers, short in the locale's way: 12345 → '12.3K' (en). */
export function formatCount(count: number, locale: string): string {
  return cachedNumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count)
}

/** A discount in basis points as a whole percent: 1296 → '13%'; with `digits`, that many decimals at most (a rate: 125 → '1.3%'). */
export function formatPercent(basisPoints: number, locale: string, digits = 0): string {
  return cachedNumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(basisPoints / 10_000)
}

/** A rating such as 4.69 with one decimal: '4.7'. */
export function formatRating(rating: number, locale: string): string {
  return cachedNumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating)
}

/**
 * A day in the locale's medium style: 'Nov 22, 2025' (en). `epochMs` in epoch milliseconds; the
 * day is the reader's, unless `timeZone` names one: a day on a server-rendered page is the UTC
 * day, since the server cannot know the reader's zone and hydration must draw the same text.
 */
export function formatDate(epochMs: number, locale: string, timeZone?: 'UTC'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(epochMs)
}

/**
 * The rate said where coins move (recharge, withdrawal): '1 USDT = $1.00' (en), '1 USDT = 1,00 $'
 * (de). The wallet counts integer cents of USDT and shows them as dollars (formatUsd), one for one.
 */
export function formatUsdtRate(locale: string): string {
  return `${cachedNumberFormat(locale).format(1)} USDT = ${formatUsd(100, locale)}`
}

/**
 * Dollars for a sentence (an i18n interpolation): formatUsd's text in a left-to-right isolate
 * (U+2066 … U+2069), laid out as <Money> lays it out (dir="ltr"). Without it, an Arabic
 * sentence reorders the amount's own parts: '100.00 US$' showed as '$US 100.00'.
 */
export function formatUsdInText(cents: number, locale: string): string {
  return `\u2066${formatUsd(cents, locale)}\u2069`
}
