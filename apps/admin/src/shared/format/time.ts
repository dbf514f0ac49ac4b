const formats = new Map<string, Intl.DateTimeFormat>()

/** An epoch-ms timestamp as date and time in the operator's locale and time zone: '3/1/25, 2:05 PM' (short: tables stay narrow). */
export function formatDateTime(ms: number, locale: string): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })
    formats.set(locale, format)
  }
  return format.format(ms)
}
