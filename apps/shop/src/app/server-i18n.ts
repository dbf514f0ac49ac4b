import type { LocaleTag } from '@bazaar/contract/locales'
import { createI18n, switchLanguage } from '@bazaar/i18n/setup'
import type { i18n } from 'i18next'
import { english } from './i18n'

let base: Promise<i18n> | undefined

/**
 * One i18next instance per server request (issue 25: two requests in two languages render at
 * once, and neither may see the other's language). Each is a clone of one process-wide instance:
 * clones share its store of bundles, loaded once per language and namespace, and keep their own
 * language. The request's language and the eager namespaces are loaded before it renders; a
 * page's own namespaces load when a component asks (react-i18next suspends, the render waits).
 */
export async function requestI18n(locale: LocaleTag): Promise<i18n> {
  base ??= createI18n({ english, language: 'en' }).catch((error: unknown) => {
    base = undefined
    throw error
  })
  const instance = (await base).cloneInstance({ lng: locale, initAsync: false })
  await switchLanguage(instance, locale)
  return instance
}
