import errors from '@bazaar/i18n/locales/en/errors.json'
import admin from '@bazaar/i18n/locales/en/admin.json'
import { applyDocumentLocale } from '@bazaar/i18n/document'
import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

/**
 * The console's texts: the `admin` namespace, and the shared `errors` bundle for the server's
 * error keys. English only for now (other languages come later); the shop's `@bazaar/i18n/setup`
 * is not used because its namespaces are fixed to the shop's `common` + `errors`.
 */
export async function startI18n(): Promise<i18n> {
  const instance = i18next.createInstance()
  instance.use(initReactI18next)
  instance.on('languageChanged', () => applyDocumentLocale('en'))
  await instance.init({
    resources: { en: { admin, errors } },
    lng: 'en',
    fallbackLng: 'en',
    ns: ['admin', 'errors'],
    defaultNS: 'admin',
    // React renders text, never HTML: no escaping needed.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    returnNull: false,
  })
  return instance
}
