const names = new Map<string, Intl.DisplayNames>()

/** A country's name in the operator's language from its ISO 3166-1 alpha-2 code ('DE' → 'Germany'); the code if unknown. */
export function regionName(code: string, locale: string): string {
  let display = names.get(locale)
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
    names.set(locale, display)
  }
  try {
    return display.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}
