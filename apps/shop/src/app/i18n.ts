import type { LocaleTag } from '@bazaar/contract/locales'
import account from '@bazaar/i18n/locales/en/account.json'
import common from '@bazaar/i18n/locales/en/common.json'
import errors from '@bazaar/i18n/locales/en/errors.json'
import orders from '@bazaar/i18n/locales/en/orders.json'
import wallet from '@bazaar/i18n/locales/en/wallet.json'
import { readPreference, resolvePreference } from '@bazaar/i18n/preference'
import { createI18n } from '@bazaar/i18n/setup'
import type { i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

/**
 * Starts i18n before the first render: English is in the entry chunk (it is every language's
 * fallback), the chosen language's bundles arrive as their own chunks. If they cannot load
 * (offline), the shop starts in English rather than not at all.
 */
const english = { common, errors, account, wallet, orders }

export async function startI18n(): Promise<{ instance: i18n; language: LocaleTag }> {
  const language = resolvePreference(readPreference())
  try {
    const instance = await createI18n({ english, language, plugins: [initReactI18next] })
    return { instance, language }
  } catch {
    const instance = await createI18n({ english, language: 'en', plugins: [initReactI18next] })
    return { instance, language: 'en' }
  }
}
