import type { LocaleTag } from '@bazaar/contract/locales'

export { eagerNamespaces, type Namespace, namespaces } from './namespaces'

export type Bundle = Record<string, unknown>

/** Loads one namespace of one language. */
export type BundleLoader = (tag: LocaleTag, ns: string) => Promise<Bundle>

// Each JSON file becomes its own chunk, fetched only when its language is chosen (BENCH B5).
// Only the shop's namespaces: a glob over every file would add the admin console's bundles to
// the shop's build. Another app passes its own loader to createI18n.
const loaders = import.meta.glob<Bundle>('../locales/*/{common,errors,account,wallet,orders,merchant}.json', { import: 'default' })

/** Loads one shop namespace of one language; an absent file gives an empty bundle (English fills in). */
export const loadBundle: BundleLoader = async (tag, ns) => {
  const load = loaders[`../locales/${tag}/${ns}.json`]
  return load ? load() : {}
}
