import type { LocaleTag } from '@bazaar/contract/locales'
import type { Bundle } from './bundles'

// The message pages' texts and the order messages they render, every language's its own
// chunk (English too: it is not in the entry), fetched with the first message page.
const loaders = import.meta.glob<Bundle>('../locales/*/{messages,notices}.json', { import: 'default' })

/** Loads the `messages` or `notices` namespace of one language; an absent file gives an empty bundle. */
export async function loadMessageBundle(tag: LocaleTag, ns: string): Promise<Bundle> {
  const load = loaders[`../locales/${tag}/${ns}.json`]
  return load ? load() : {}
}
