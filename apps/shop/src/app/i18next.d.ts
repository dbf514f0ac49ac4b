import type account from '@bazaar/i18n/locales/en/account.json'
import type common from '@bazaar/i18n/locales/en/common.json'
import type errors from '@bazaar/i18n/locales/en/errors.json'
import type merchant from '@bazaar/i18n/locales/en/merchant.json'
import type orders from '@bazaar/i18n/locales/en/orders.json'
import type wallet from '@bazaar/i18n/locales/en/wallet.json'

/** Translation keys come from the English bundles' types: a typo in t('…') fails to compile. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      common: typeof common
      errors: typeof errors
      account: typeof account
      wallet: typeof wallet
      orders: typeof orders
      merchant: typeof merchant
    }
    returnNull: false
  }
}
