import { type LocaleTag, resolveLocale } from '@bazaar/contract/locales'
import { type LanguagePreference, readPreference, resolvePreference, writePreference } from '@bazaar/i18n/preference'
import type { i18n } from 'i18next'

/**
 * The console's language: 'automatic' (the browser's) or one of the 17 bundles. Kept apart from
 * the shop's choice (`bazaar.lang`): an operator checking the shop in another language should not
 * turn the console around with it.
 */
const storageKey = 'bazaar.admin.lang'

const storage = {
  getItem: (_key: string) => safely(() => localStorage.getItem(storageKey)),
  setItem: (_key: string, value: string) => safely(() => localStorage.setItem(storageKey, value)),
}

export function readLanguagePreference(): LanguagePreference {
  return readPreference(storage)
}

export function resolveLanguage(pref: LanguagePreference): LocaleTag {
  return resolvePreference(pref)
}

type Bundle = Record<string, unknown>

// Each language's console and error texts are their own chunks, fetched only when chosen;
// English is in the entry chunk (i18n.ts), so it is left out here.
const loaders = import.meta.glob<Bundle>(
  ['../../../../packages/i18n/locales/*/{admin,errors}.json', '!../../../../packages/i18n/locales/en/*.json'],
  { import: 'default' },
)

export const namespaces = ['admin', 'errors'] as const

async function loadBundle(tag: LocaleTag, ns: (typeof namespaces)[number]): Promise<Bundle> {
  const load = loaders[`../../../../packages/i18n/locales/${tag}/${ns}.json`]
  return load ? load() : {}
}

/** Loads a language's bundles if needed, then switches to it; missing keys fall back to English. */
export async function switchLanguage(instance: i18n, tag: LocaleTag): Promise<void> {
  await Promise.all(
    namespaces.map(async (ns) => {
      if (instance.hasResourceBundle(tag, ns)) return
      instance.addResourceBundle(tag, ns, await loadBundle(tag, ns), true, false)
    }),
  )
  await instance.changeLanguage(tag)
}

/** Applies and remembers an operator's choice. */
export async function chooseLanguage(instance: i18n, pref: LanguagePreference): Promise<void> {
  await switchLanguage(instance, resolveLanguage(pref))
  writePreference(pref, storage)
}

/** The current language as a tag ('en' when i18next holds anything else). */
export function currentTag(instance: i18n | undefined): LocaleTag {
  return resolveLocale(instance?.language) ?? 'en'
}

function safely<T>(run: () => T): T | null {
  try {
    return run()
  } catch {
    return null
  }
}
