/**
 * Lists as a locale writes them, from CLDR through Intl.ListFormat (nothing to download).
 * Parts of an address are not a sentence: they take the separator a locale puts between the
 * items of a list, without its word for "and" (Arabic's unit lists read 'a، وb'; the parts of
 * an address read 'a، b').
 */
const separators = new Map<string, string>()
const letters = /\p{L}/gu
const punctuation = /\p{P}/u

/**
 * The separator between items of a list in `locale`: ', ' (en), '، ' (ar), '、' (ja, zh).
 * The unit list's first separator without its letters (the word for "and"), else the plain
 * list's; a locale that separates with spaces alone (th) gets ', '.
 */
export function listSeparator(locale: string): string {
  let separator = separators.get(locale)
  if (separator === undefined) {
    separator = ', '
    for (const type of ['unit', 'conjunction'] as const) {
      const [, literal] = new Intl.ListFormat(locale, { type, style: 'short' }).formatToParts(['a', 'b', 'c'])
      const bare = literal?.type === 'literal' ? literal.value.replace(letters, '') : ''
      if (punctuation.test(bare)) {
        separator = bare
        break
      }
    }
    separators.set(locale, separator)
  }
  return separator
}

/** The non-empty `parts` joined with the locale's list separator: 'Dubai، الإمارات' (ar). */
export function joinParts(parts: readonly string[], locale: string): string {
  return parts.filter(Boolean).join(listSeparator(locale))
}
