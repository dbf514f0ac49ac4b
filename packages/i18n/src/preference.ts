import { defaultLocale, type LocaleTag, languageCookie, languageCookieMaxAgeS, locales, resolveLocale } from '@bazaar/contract/locales'
import { languageStorageKey as storageKey } from './language-cookie'

/**
 * The language a person chose (SPEC §2 Settings → language): 'automatic' follows the
 * system (navigator.languages), otherwise one of the 17 BCP 47 tags.
 */
export type LanguagePreference = 'automatic' | LocaleTag

/** The nine interface languages of the chooser (locales.ts `ui: true`); with 'automatic', SPEC §1's ten choices. */
export const interfaceLocales = locales.filter((l) => l.ui)

/** Reads the stored preference; anything unknown (or no storage) is 'automatic'. */
export function readPreference(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): LanguagePreference {
  const raw = storage?.getItem(storageKey)
  if (!raw || raw === 'automatic') return 'automatic'
  return resolveLocale(raw) ?? 'automatic'
}

export function writePreference(pref: LanguagePreference, storage: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  try {
    storage?.setItem(storageKey, pref)
  } catch {
    // Private mode or a full quota: the choice still applies for this visit.
  }
}

/**
 * Writes the choice into the `lang` cookie, so the server renders the next pages in it (issue 25);
 * 'automatic' removes it (the server follows Accept-Language, as the shop follows the system).
 */
export function writeLanguageCookie(pref: LanguagePreference): void {
  if (typeof document === 'undefined') return
  const value = pref === 'automatic' ? '; max-age=0' : `${encodeURIComponent(pref)}; max-age=${languageCookieMaxAgeS}`
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie written once per choice; the Cookie Store API is missing from Safari before 18.4 and Firefox
  document.cookie = `${languageCookie}=${value}; path=/; samesite=lax`
}

/**
 * The tag to show: the chosen one, or for 'automatic' the first of the system's languages
 * we have a bundle for (SPEC codes and regional tags resolve too), else English.
 */
export function resolvePreference(pref: LanguagePreference, systemLanguages: readonly string[] = systemLocales()): LocaleTag {
  if (pref !== 'automatic') return pref
  for (const lang of systemLanguages) {
    const tag = resolveLocale(lang)
    if (tag) return tag
  }
  return defaultLocale
}

/** The SPEC's code for a tag (arabic, jp, kor…), sent in the `lang` header (SPEC §7). */
export function specCode(tag: LocaleTag): string {
  return locales.find((l) => l.bcp47 === tag)?.code ?? tag
}

function systemLocales(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}
