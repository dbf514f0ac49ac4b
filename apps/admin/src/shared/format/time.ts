const formats = new Map<string, Intl.DateTimeFormat>()

/** An epoch-ms timestamp as date and time in the operator's locale and time zone: 'Mar 1, 2025, 2:05 PM'. */
export function formatDateTime(ms: number, locale: string): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    formats.set(locale, format)
  }
  return format.format(ms)
}
