import { applyDocumentLocale } from '@bazaar/i18n/document'
import admin from '@bazaar/i18n/locales/en/admin.json'
import errors from '@bazaar/i18n/locales/en/errors.json'
import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { currentTag, namespaces, readLanguagePreference, resolveLanguage, switchLanguage } from './language'

/**
 * The console's texts: the `admin` namespace, and the shared `errors` bundle for the server's
 * error keys. English is inline (every key's fallback); the chosen language is loaded before the
 * first render. The shop's `@bazaar/i18n/setup` is not used: its namespaces are the shop's.
 */
export async function startI18n(): Promise<i18n> {
  const instance = i18next.createInstance()
  instance.use(initReactI18next)
  instance.on('languageChanged', () => applyDocumentLocale(currentTag(instance)))
  await instance.init({
    resources: { en: { admin, errors } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: false,
    ns: [...namespaces],
    defaultNS: 'admin',
    partialBundledLanguages: true,
    // React renders text, never HTML: no escaping needed.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    returnNull: false,
  })
  // Offline or a missing chunk: start in English rather than not at all.
  await switchLanguage(instance, resolveLanguage(readLanguagePreference())).catch(() => instance.changeLanguage('en'))
  return instance
}
