import type { LocaleTag } from '@bazaar/contract/locales'

export { eagerNamespaces, type Namespace, namespaces } from './namespaces'

export type Bundle = Record<string, unknown>

/** Loads one namespace of one language. */
export type BundleLoader = (tag: LocaleTag, ns: string) => Promise<Bundle>

// Each JSON file becomes its own chunk, fetched only when its language is chosen (BENCH B5).
// Only the shop's namespaces: a glob over every file would add the admin console's bundles to
// the shop's build. Another app passes its own loader to createI18n.
const loaders = import.meta.glob<Bundle>('../locales/*/{common,errors,account,wallet,orders,coupons,merchant,integrations}.json', {
  import: 'default',
})

/** The message pages' namespaces: their loaders live in their own chunk (message-bundles.ts). */
const messageNamespaces: readonly string[] = ['messages', 'notices']

/** Loads one shop namespace of one language; an absent file gives an empty bundle (English fills in). */
export const loadBundle: BundleLoader = async (tag, ns) => {
  // 34 more loaders in this module would weigh on the first route; one import stub does not.
  if (messageNamespaces.includes(ns)) return (await import('./message-bundles')).loadMessageBundle(tag, ns)
  const load = loaders[`../locales/${tag}/${ns}.json`]
  return load ? load() : {}
}
