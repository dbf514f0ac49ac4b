import { defaultLocale, type LocaleTag, resolveLocale } from '@bazaar/contract/locales'
import {
  type LanguagePreference,
  readPreference,
  resolvePreference,
  specCode,
  writeLanguageCookie,
  writePreference,
} from '@bazaar/i18n/preference'
import { switchLanguage } from '@bazaar/i18n/setup'
import { useSyncExternalStore } from 'react'
import { getI18n, useTranslation } from 'react-i18next'

/** The tag the interface shows now (one of the 17). */
export function currentLocale(): LocaleTag {
  return resolveLocale(getI18n()?.language) ?? defaultLocale
}

/** The `lang` header value (SPEC §7): the SPEC's code of the current language ('arabic'). */
export function currentLangHeader(): string {
  return specCode(currentLocale())
}

let preference: LanguagePreference = readPreference()
const listeners = new Set<() => void>()

/** Stores the choice (and in the `lang` cookie, for the server's pages) and switches the interface; 'automatic' follows the system again. */
export async function choosePreference(next: LanguagePreference): Promise<void> {
  preference = next
  writePreference(next)
  writeLanguageCookie(next)
  for (const listener of listeners) listener()
  await switchLanguage(getI18n(), resolvePreference(next))
}

/** In 'automatic', follow the system when its languages change while the page is open. */
export function followSystemLanguage(): () => void {
  const onChange = () => {
    if (preference === 'automatic') void switchLanguage(getI18n(), resolvePreference('automatic'))
  }
  window.addEventListener('languagechange', onChange)
  return () => window.removeEventListener('languagechange', onChange)
}

/** The current locale (re-renders on a switch) and the stored preference. */
export function useLocale(): { locale: LocaleTag; preference: LanguagePreference } {
  const { i18n } = useTranslation()
  const pref = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => preference,
    () => preference,
  )
  return { locale: resolveLocale(i18n.language) ?? defaultLocale, preference: pref }
}
