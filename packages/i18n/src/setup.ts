import type { LocaleTag } from '@bazaar/contract/locales'
import i18next, { type BackendModule, type i18n, type Module } from 'i18next'
import { type Bundle, type BundleLoader, loadBundle } from './bundles'
import { applyDocumentLocale } from './document'

export type SetupOptions = {
  /**
   * English bundles by namespace, bundled with the app: the fallback of their keys in every
   * language. Their names are the namespaces loaded with each language (the first is the
   * default one); other namespaces load when a page first uses them (through `load`).
   */
  english: Record<string, Bundle>
  /** The language to start in (already resolved from the preference). */
  language: LocaleTag
  /** Framework binding, e.g. react-i18next's `initReactI18next`. */
  plugins?: Module[]
  /** How other languages' bundles arrive; the shop's common and errors by default. */
  load?: BundleLoader
}

const loadersOf = new WeakMap<i18n, BundleLoader>()

/**
 * An i18next backend over the bundle loader: a namespace that is not in the English bundles
 * given at start (a page's own) is fetched when a component first asks for it, in the current
 * language only (bundles are complete, so English is never fetched as a fallback);
 * react-i18next suspends that component until then.
 */
function loaderBackend(load: BundleLoader): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      load(language as LocaleTag, namespace).then(
        (bundle) => callback(null, bundle),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      )
    },
  }
}

/**
 * Creates the i18next instance of an app: English inline, the starting language loaded
 * before the first render (no flash of English), `<html lang dir>` kept in step.
 */
export async function createI18n({ english, language, plugins = [], load = loadBundle }: SetupOptions): Promise<i18n> {
  const instance = i18next.createInstance()
  instance.use(loaderBackend(load))
  for (const plugin of plugins) instance.use(plugin)
  loadersOf.set(instance, load)
  const ns = Object.keys(english)
  await instance.init({
    resources: { en: english },
    lng: 'en',
    // No fallback language: every bundle holds every English key, non-empty (bundles.test.ts),
    // so a page's namespace is fetched in the reader's language only, never in English too.
    fallbackLng: false,
    supportedLngs: false,
    ns,
    defaultNS: ns[0],
    partialBundledLanguages: true,
    // Server text and keys are rendered by React as text: no HTML escaping needed.
    interpolation: { escapeValue: false },
    // An empty translation (the bundle test refuses them) shows its key rather than nothing.
    returnEmptyString: false,
    returnNull: false,
  })
  await switchLanguage(instance, language)
  // From here on, in the browser only (the shop's server build has no document): not while
  // starting, when init's English would flip a server-rendered Arabic page to left to right and
  // back before the first render (issue 25).
  if (typeof document !== 'undefined') {
    applyDocumentLocale(language)
    instance.on('languageChanged', (lng) => applyDocumentLocale(lng as LocaleTag))
  }
  return instance
}

/**
 * Loads a language's bundles (every namespace the instance has: those given at start and the
 * pages' namespaces loaded so far, so an open page redraws in the new language) if needed,
 * then switches to it.
 */
export async function switchLanguage(instance: i18n, tag: LocaleTag): Promise<void> {
  const load = loadersOf.get(instance) ?? loadBundle
  const ns = instance.options.ns
  const list = typeof ns === 'string' ? [ns] : (ns ?? [])
  await Promise.all(
    list.map(async (name) => {
      if (instance.hasResourceBundle(tag, name)) return
      instance.addResourceBundle(tag, name, await load(tag, name), true, false)
    }),
  )
  await instance.changeLanguage(tag)
}
