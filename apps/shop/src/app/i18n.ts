import type { LocaleTag } from '@bazaar/contract/locales'
import common from '@bazaar/i18n/locales/en/common.json'
import errors from '@bazaar/i18n/locales/en/errors.json'
import type { eagerNamespaces } from '@bazaar/i18n/namespaces'
import { readPreference, resolvePreference } from '@bazaar/i18n/preference'
import { createI18n } from '@bazaar/i18n/setup'
import type { i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

/**
 * Starts i18n before the first render: English common texts and error keys are in the entry
 * chunk (every language's fallback), the chosen language's arrive as their own chunks; the
 * pages' namespaces (account, wallet, orders: `eagerNamespaces` says which are not) load with
 * the first page that uses them. If the bundles cannot load (offline), the shop starts in
 * English rather than not at all.
 */
export const english = { common, errors } satisfies Record<(typeof eagerNamespaces)[number], unknown>

/**
 * A server-rendered page names its language and the namespaces its components used
 * (contract FirstScreenData): the shop starts in that language, whatever the stored choice (the
 * head script already made the server use it), with those namespaces loaded, so hydration draws
 * the same texts. Otherwise the stored choice, or the system's languages.
 */
export async function startI18n(rendered?: { locale: LocaleTag; namespaces: string[] }): Promise<{ instance: i18n; language: LocaleTag }> {
  const language = rendered?.locale ?? resolvePreference(readPreference())
  try {
    const instance = await createI18n({ english, language, plugins: [initReactI18next] })
    if (rendered) await instance.loadNamespaces(rendered.namespaces)
    return { instance, language }
  } catch {
    const instance = await createI18n({ english, language: 'en', plugins: [initReactI18next] })
    return { instance, language: 'en' }
  }
}
