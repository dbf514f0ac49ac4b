import type { LocaleTag } from '@bazaar/contract/locales'
import i18next, { type i18n, type Module } from 'i18next'
import { type Bundle, loadBundle, namespaces } from './bundles'
import { applyDocumentLocale } from './document'

export type SetupOptions = {
  /** English bundles, bundled with the app: the fallback of every key in every language. */
  english: Record<(typeof namespaces)[number], Bundle>
  /** The language to start in (already resolved from the preference). */
  language: LocaleTag
  /** Framework binding, e.g. react-i18next's `initReactI18next`. */
  plugins?: Module[]
}

/**
 * Creates the i18next instance of an app: English inline, the starting language loaded
 * before the first render (no flash of English), `<html lang dir>` kept in step.
 */
export async function createI18n({ english, language, plugins = [] }: SetupOptions): Promise<i18n> {
  const instance = i18next.createInstance()
  for (const plugin of plugins) instance.use(plugin)
  instance.on('languageChanged', (lng) => applyDocumentLocale(lng as LocaleTag))
  await instance.init({
    resources: { en: english },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: false,
    ns: [...namespaces],
    defaultNS: 'common',
    partialBundledLanguages: true,
    // Server text and keys are rendered by React as text: no HTML escaping needed.
    interpolation: { escapeValue: false },
    // An empty translation falls back to English rather than showing nothing.
    returnEmptyString: false,
    returnNull: false,
  })
  await switchLanguage(instance, language)
  return instance
}

/** Loads a language's bundles if needed, then switches to it. */
export async function switchLanguage(instance: i18n, tag: LocaleTag): Promise<void> {
  await Promise.all(
    namespaces.map(async (ns) => {
      if (instance.hasResourceBundle(tag, ns)) return
      const bundle = await loadBundle(tag, ns)
      instance.addResourceBundle(tag, ns, bundle, true, false)
    }),
  )
  await instance.changeLanguage(tag)
}
