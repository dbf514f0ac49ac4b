import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FirstScreenPlan } from '@bazaar/contract/first-screen-values'
import type { LocaleTag } from '@bazaar/contract/locales'

/** One chunk of Vite's build manifest (`build.manifest: true`). */
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

/** The shop's lazily loaded page chunk each server-rendered page needs at once (its source file's name). */
const pageChunks: Partial<Record<FirstScreenPlan['page'], RegExp>> = {
  goods: /\/GoodsPage\.tsx$/,
  shop: /\/ShopHomePage\.tsx$/,
}

/** What a page's head preloads, from the shop build's manifest. */
export interface ShopChunks {
  /** The JS files of a page's own chunk and those it imports beyond the entry's. */
  page(page: FirstScreenPlan['page']): string[]
  /** The JS file of one language's i18n namespace (packages/i18n/locales/<tag>/<ns>.json), unless the entry holds it. */
  bundle(tag: LocaleTag, namespace: string): string | undefined
}

/**
 * Reads the shop build's manifest once (`.vite/manifest.json`): the chunks a server-rendered
 * page's head modulepreloads (issue 25), so the browser fetches them beside the entry instead of
 * after it, and hydration does not wait a round trip for each. Without a manifest, nothing.
 */
export function readShopChunks(root: string): ShopChunks {
  const file = path.join(root, '.vite', 'manifest.json')
  const manifest: Record<string, ManifestChunk> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue
      seen.add(key)
      closure(manifest[key].imports ?? [], seen)
    }
    return seen
  }
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]?.isEntry))
  const beyondEntry = (key: string) =>
    [...closure([key])]
      .filter((k) => !entry.has(k))
      .map((k) => (manifest[k] as ManifestChunk).file)
      .filter((f) => f.endsWith('.js'))
  const pages = new Map<FirstScreenPlan['page'], string[]>()
  for (const [page, source] of Object.entries(pageChunks) as [FirstScreenPlan['page'], RegExp][]) {
    const key = Object.keys(manifest).find((k) => source.test(k))
    if (key) pages.set(page, beyondEntry(key))
  }
  const bundles = new Map<string, string>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /\/locales\/([^/]+)\/(\w+)\.json$/.exec(key)
    if (match && !entry.has(key)) bundles.set(`${match[1]}/${match[2]}`, chunk.file)
  }
  return {
    page: (page) => pages.get(page) ?? [],
    bundle: (tag, namespace) => bundles.get(`${tag}/${namespace}`),
  }
}
