/**
 * When a record happened, relative to now (SPEC §9, second reading): under 5 minutes 'just
 * now', then minutes, hours, and days under 30 days; older ones as a date and time.
 * Intl.RelativeTimeFormat words it in every one of the 17 languages with nothing to download
 * (dayjs would need a locale file per language for the same text).
 */
const minuteMs = 60_000
const hourMs = 60 * minuteMs
const dayMs = 24 * hourMs

export function formatRelativeTime(atMs: number, nowMs: number, locale: string, justNow: string): string {
  const ago = nowMs - atMs
  if (ago < 5 * minuteMs) return justNow
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (ago < hourMs) return words.format(-Math.floor(ago / minuteMs), 'minute')
  if (ago < dayMs) return words.format(-Math.floor(ago / hourMs), 'hour')
  if (ago < 30 * dayMs) return words.format(-Math.floor(ago / dayMs), 'day')
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(atMs)
}
