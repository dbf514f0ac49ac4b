/**
 * Moments as text in the reader's locale, with Intl only: every one of the 17 languages is
 * worded with nothing to download (dayjs would need a locale file per language). A day alone
 * is numbers.ts `formatDate`: the first route shows days, and this module stays out of it (B1).
 */
const minuteMs = 60_000
const hourMs = 60 * minuteMs
const dayMs = 24 * hourMs

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/** A moment as the locale writes date and time: 'Nov 22, 2026, 3:04 PM' (en). `epochMs` in epoch milliseconds. */
export function formatDateTime(epochMs: number, locale: string): string {
  let format = dateTimeFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    dateTimeFormats.set(locale, format)
  }
  return format.format(epochMs)
}

/**
 * When something happened, relative to now (SPEC §9, second reading): under 5 minutes
 * `justNow` (the caller's translated words), then minutes, hours, and days under 30 days;
 * older ones as a date and time.
 */
export function formatRelativeTime(atMs: number, nowMs: number, locale: string, justNow: string): string {
  const ago = nowMs - atMs
  if (ago < 5 * minuteMs) return justNow
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (ago < hourMs) return words.format(-Math.floor(ago / minuteMs), 'minute')
  if (ago < dayMs) return words.format(-Math.floor(ago / hourMs), 'hour')
  if (ago < 30 * dayMs) return words.format(-Math.floor(ago / dayMs), 'day')
  return formatDateTime(atMs, locale)
}
