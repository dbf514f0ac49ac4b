/**
 * ISO 3166-1 countries for the address form, named in the reader's language by
 * Intl.DisplayNames (no list of names to keep). The codes are every two-letter region the
 * browser can name, less aliases (BU → MM: Intl.getCanonicalLocales maps them), ISO's
 * exceptionally reserved codes and the private-use ranges (AA, QM–QZ, XA–XZ, ZZ) except XK
 * (Kosovo: user-assigned, but in common use and accepted by the server).
 * countries.test.ts checks the result against the server's list (i18n-iso-countries).
 */
const exceptionallyReserved = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'FX', 'IC', 'SU', 'TA', 'UK', 'UN'])
const privateUse = /^(AA|Q[M-Z]|X[A-JL-Z]|ZZ)$/

let codes: string[] | undefined

export function countryCodes(): string[] {
  if (codes) return codes
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
  const found: string[] = []
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b)
      if (exceptionallyReserved.has(code) || privateUse.test(code) || !names.of(code)) continue
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue
      found.push(code)
    }
  }
  codes = found
  return found
}

export type Country = { code: string; name: string }

/** Every country with its name in `locale`, sorted as that language sorts. */
export function countries(locale: string): Country[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
  const collator = new Intl.Collator(locale)
  return countryCodes()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** The country a new address starts with: the region of the browser's language, if a country. */
export function defaultCountry(languages: readonly string[]): string {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region
      if (region && countryCodes().includes(region)) return region
    } catch {
      // A malformed language tag: try the next one.
    }
  }
  return ''
}

/**
 * Countries named and joined as the reader's language lists them ('Germany and Austria'), the
 * first `max` of them, then '…' (a shop's delivery list may hold up to 250).
 */
export function countryList(codes: readonly string[], locale: string, max = 8): string {
  const names = codes.slice(0, max).map((code) => countryName(code, locale))
  const joined = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names)
  return codes.length > max ? `${joined} …` : joined
}
