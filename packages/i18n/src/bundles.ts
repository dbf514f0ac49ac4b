import type { LocaleTag } from '@bazaar/contract/locales'

/**
 * The namespaces of the buyer app: UI texts of the storefront, of accounts, wallet and
 * orders (each its own file so they load with their pages), and the server's error keys.
 */
export const namespaces = ['common', 'errors', 'account', 'wallet', 'orders'] as const
export type Namespace = (typeof namespaces)[number]

export type Bundle = Record<string, unknown>

/** Loads one namespace of one language. */
export type BundleLoader = (tag: LocaleTag, ns: string) => Promise<Bundle>

// Each JSON file becomes its own chunk, fetched only when its language is chosen (BENCH B5).
// Only the shop's namespaces: a glob over every file would add the admin console's bundles to
// the shop's build. Another app passes its own loader to createI18n.
const loaders = import.meta.glob<Bundle>('../locales/*/{common,errors,account,wallet,orders}.json', { import: 'default' })

/** Loads one shop namespace of one language; an absent file gives an empty bundle (English fills in). */
export const loadBundle: BundleLoader = async (tag, ns) => {
  const load = loaders[`../locales/${tag}/${ns}.json`]
  return load ? load() : {}
}
