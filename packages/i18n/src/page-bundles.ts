import type { LocaleTag } from '@bazaar/contract/locales'
import type { i18n } from 'i18next'
import type { Bundle } from './bundles'
import { type PageNamespace, pageNamespaces } from './page-namespaces'

/*
 * Page namespaces (page-namespaces.ts) load with their pages: choosing a language does not
 * download them, and the first route does not carry their English either. BENCH B5 counts
 * them as their own bundle per language (bench/frontend/sizes.ts).
 */
export { type PageNamespace, pageNamespaces }

// Every language's file is its own chunk, English included (it is loaded like the others).
const loaders = import.meta.glob<Bundle>('../locales/*/{messages,notices}.json', { import: 'default' })

async function load(tag: LocaleTag, ns: PageNamespace): Promise<Bundle> {
  const loader = loaders[`../locales/${tag}/${ns}.json`]
  return loader ? loader() : {}
}

/**
 * Loads page namespaces for English (every key's fallback) and the instance's language, if
 * not loaded yet. Call again after a language change.
 */
export async function ensurePageNamespaces(instance: i18n, namespaces: readonly PageNamespace[]): Promise<void> {
  const tags = [...new Set(['en', instance.language as LocaleTag])] as LocaleTag[]
  await Promise.all(
    tags.flatMap((tag) =>
      namespaces.map(async (ns) => {
        if (!instance.hasResourceBundle(tag, ns)) instance.addResourceBundle(tag, ns, await load(tag, ns), true, false)
      }),
    ),
  )
}

/** Whether the namespaces are loaded for the instance's language and English. */
export function hasPageNamespaces(instance: i18n, namespaces: readonly PageNamespace[]): boolean {
  return namespaces.every((ns) => instance.hasResourceBundle('en', ns) && instance.hasResourceBundle(instance.language, ns))
}
