import type account from '@bazaar/i18n/locales/en/account.json'
import type common from '@bazaar/i18n/locales/en/common.json'
import type coupons from '@bazaar/i18n/locales/en/coupons.json'
import type errors from '@bazaar/i18n/locales/en/errors.json'
import type integrations from '@bazaar/i18n/locales/en/integrations.json'
import type merchant from '@bazaar/i18n/locales/en/merchant.json'
import type messages from '@bazaar/i18n/locales/en/messages.json'
import type notices from '@bazaar/i18n/locales/en/notices.json'
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
      // Loaded with the message pages (@bazaar/i18n/message-bundles), not at start.
      messages: typeof messages
      notices: typeof notices
      coupons: typeof coupons
      merchant: typeof merchant
      integrations: typeof integrations
    }
    returnNull: false
  }
}
