const formats = new Map<string, Intl.DateTimeFormat>()

/** A calendar date 'YYYY-MM-DD' (a birth date, a document's validity) in the operator's language, read as is (no time zone shift). */
export function formatIsoDate(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  if (!y || !m || !d) return iso
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    formats.set(locale, format)
  }
  return format.format(Date.UTC(y, m - 1, d))
}
