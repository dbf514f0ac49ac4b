import type { LocaleTag } from '@bazaar/contract/locales'

/** The namespaces every app loads: UI texts and the server's error keys (SPEC §8). */
export const namespaces = ['common', 'errors'] as const
export type Namespace = (typeof namespaces)[number]

export type Bundle = Record<string, unknown>

// Each JSON file becomes its own chunk, fetched only when its language is chosen (BENCH B5).
const loaders = import.meta.glob<Bundle>('../locales/*/*.json', { import: 'default' })

/** Loads one namespace of one language; an absent file gives an empty bundle (English fills in). */
export async function loadBundle(tag: LocaleTag, ns: Namespace): Promise<Bundle> {
  const load = loaders[`../locales/${tag}/${ns}.json`]
  return load ? load() : {}
}
