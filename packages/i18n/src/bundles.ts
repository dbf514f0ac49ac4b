import type { LocaleTag } from '@bazaar/contract/locales'

/** The namespaces of the buyer app: UI texts and the server's error keys (SPEC §8). */
export const namespaces = ['common', 'errors'] as const
export type Namespace = (typeof namespaces)[number]

export type Bundle = Record<string, unknown>

/** Loads one namespace of one language. */
export type BundleLoader = (tag: LocaleTag, ns: string) => Promise<Bundle>

// Each JSON file becomes its own chunk, fetched only when its language is chosen (BENCH B5).
// Only the shop's namespaces: a glob over every file would add the admin console's bundles to
// the shop's build. Another app passes its own loader to createI18n.
const loaders = import.meta.glob<Bundle>('../locales/*/{common,errors}.json', { import: 'default' })

/** Loads common or errors of one language; an absent file gives an empty bundle (English fills in). */
export const loadBundle: BundleLoader = async (tag, ns) => {
  const load = loaders[`../locales/${tag}/${ns}.json`]
  return load ? load() : {}
}
