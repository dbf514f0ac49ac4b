import type admin from '@bazaar/i18n/locales/en/admin.json'
import type errors from '@bazaar/i18n/locales/en/errors.json'

/** Translation keys come from the English bundles' types: a typo in t('…') fails to compile. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'admin'
    resources: { admin: typeof admin; errors: typeof errors }
    returnNull: false
  }
}
