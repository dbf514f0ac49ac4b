const formats = new Map<string, Intl.DateTimeFormat>()

/** A moment as the locale writes date and time: 'Nov 22, 2026, 3:04 PM' (en). */
export function formatDateTime(epochMs: number, locale: string): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    formats.set(locale, format)
  }
  return format.format(epochMs)
}
