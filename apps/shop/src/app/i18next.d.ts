import type common from '@bazaar/i18n/locales/en/common.json'
import type errors from '@bazaar/i18n/locales/en/errors.json'

/** Translation keys come from the English bundles' types: a typo in t('…') fails to compile. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: { common: typeof common; errors: typeof errors }
    returnNull: false
  }
}
