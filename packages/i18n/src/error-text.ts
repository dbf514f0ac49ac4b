import { unknownErrorKey } from '@bazaar/contract/envelope-values'
import { getI18n } from 'react-i18next'

const lookup = { ns: 'errors', keySeparator: false, nsSeparator: false } as const

/**
 * The text of an error key of the catalogue (or 'Network Error') in the current language, from
 * the `errors` namespace both apps load; a key without text reads as 'unknown error', so a
 * server message is never shown raw. Before i18next starts, the key itself.
 */
export function translateErrorKey(key: string): string {
  const i18n = getI18n()
  if (!i18n) return key
  if (i18n.exists(key, lookup)) return i18n.t(key as never, lookup) as string
  return i18n.t(unknownErrorKey as never, { ...lookup, defaultValue: 'Unknown error' }) as string
}
