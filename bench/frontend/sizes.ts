import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { eagerNamespaces } from '../../packages/i18n/src/namespaces.ts'

/** One chunk of Vite's manifest (`build.manifest`). */
interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

/** A measured group of files: its gzip -9 size in bytes and the files in it. */
export interface SizedGroup {
  name: string
  gzipBytes: number
  files: string[]
}

/** The front-end budgets' figures (BENCH.md B1–B5), in gzip -9 bytes. */
export interface ChunkSizes {
  /** B1: the entry's JS and everything it imports statically (home and list live there, or a lazy home chunk is added). */
  firstRoute: SizedGroup
  /** B2: each lazily loaded chunk (routes, lazy components): it plus the shared chunks it needs beyond the first route. */
  lazyChunks: SizedGroup[]
  /**
   * B3: the JS one buyer can download: every JS file except the language bundles of the
   * other languages (the largest language is counted). B5 budgets each language on its own;
   * counting all 17 here would make B3 grow with every language added.
   */
  appJs: SizedGroup
  /**
   * B3m: the JS only the merchant pages load (issue 12: they live in the shop app, lazily, so a
   * buyer never downloads them). Kept out of B3 and budgeted on its own.
   */
  merchantJs: SizedGroup
  /** Every JS file of the build, all languages included (reported beside B3). */
  allJs: SizedGroup
  /** B4: every CSS file of the build. */
  css: SizedGroup
  /**
   * B5: each language's bundles loaded on demand beyond the first route: the ones that come
   * with the language (common texts, error keys, component texts) as `<tag>`, and each page
   * namespace, loaded with the first page that uses it, as `<tag> <namespace>`.
   */
  languages: SizedGroup[]
}

/** Finds Vite's manifest in a dist folder (Vite 5+ writes `.vite/manifest.json`). */
export function manifestPath(distDir: string): string | undefined {
  return [path.join(distDir, '.vite/manifest.json'), path.join(distDir, 'manifest.json')].find((p) => existsSync(p))
}

const gzipCache = new Map<string, number>()
function gzipBytes(file: string): number {
  let size = gzipCache.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length
    gzipCache.set(file, size)
  }
  return size
}

function filesUnder(dir: string, extension: string): string[] {
  return (
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      // Dot folders are not served: .vite holds the manifest, .ssr the server build (issue 25).
      .filter((f) => f.endsWith(extension) && !f.startsWith('.'))
      .map((f) => f.replaceAll(path.sep, '/'))
      .sort()
  )
}

/** Which language an on-demand chunk belongs to (with its page namespace, if it is one), or undefined for a route chunk. */
function languageOf(chunk: ManifestChunk): { tag: string; pageNamespace?: string } | undefined {
  const src = chunk.src ?? ''
  const i18n = /locales\/([A-Za-z-]+)\/([^/]+)\.json$/.exec(src)
  if (i18n?.[1] && i18n[2]) {
    const eager = (eagerNamespaces as readonly string[]).includes(i18n[2])
    return eager ? { tag: i18n[1] } : { tag: i18n[1], pageNamespace: i18n[2] }
  }
  const antdMobile = /antd-mobile\/es\/locales\/([a-z]{2})-([A-Z]{2})\.js$/.exec(src)
  if (antdMobile) return { tag: antdMobile[1] === 'zh' ? (antdMobile[2] === 'CN' ? 'zh-Hans' : 'zh-Hant') : (antdMobile[1] ?? '') }
  const own = /antd-locales\/([A-Za-z-]+)\.ts$/.exec(src)
  if (own?.[1] && own[1] !== 'make') return { tag: own[1] }
  return undefined
}

/**
 * Measures B1–B5 from a Vite build: reads the manifest for the chunk graph and gzips each
 * file at level 9. A lazy chunk is charged the static imports it adds to what is already
 * loaded, since that is what a tap on its route downloads.
 * @throws when the dist folder has no manifest (build with `vite build --manifest`)
 */
export function measureChunkSizes(distDir: string): ChunkSizes {
  const file = manifestPath(distDir)
  if (!file) throw new Error(`no Vite manifest in ${distDir}: build the shop first (vite build --manifest)`)
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue
      seen.add(key)
      closure(manifest[key].imports ?? [], seen)
    }
    return seen
  }
  const jsOf = (keys: Iterable<string>) => [...keys].map((k) => (manifest[k] as ManifestChunk).file).filter((f) => f.endsWith('.js'))
  const group = (name: string, files: string[]): SizedGroup => ({
    name,
    files,
    gzipBytes: files.reduce((sum, f) => sum + gzipBytes(path.join(distDir, f)), 0),
  })

  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry)
  const lazyHome = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry && /\/HomePage\.[jt]sx?$/.test(k))
  const first = closure([...entries, ...lazyHome])
  const dynamic = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry && !first.has(k))
  const added = (key: string) => jsOf([...closure([key])].filter((k) => !first.has(k)))

  // Merchant pages: the merchant feature folders, the shop's own pages under /pages/shop that
  // live in other features (orders, cases, coupons: Shop…Page, but not the buyer's ShopHomePage
  // and ShopListPage), and the chunk the shop's build groups the merchant centre into (Vite's
  // manifest names it 'merchant' and lists no page of it as a dynamic entry).
  const merchantPage = (key: string) =>
    /\/features\/merchant[\w-]*\/|\/Shop(Orders|OrderDetail|RefundCase|Coupon)Page\.tsx$/.test(key) ||
    (manifest[key]?.name === 'merchant' && !manifest[key]?.src)
  // Texts only the merchant pages load: the merchant centre's and its integrations' (API keys, webhooks).
  const merchantNamespaces = new Set(['merchant', 'integrations'])
  const merchantText = (key: string) => merchantNamespaces.has(languageOf(manifest[key] as ManifestChunk)?.pageNamespace ?? '')
  const buyerFiles = new Set(jsOf(first))
  for (const key of dynamic)
    if (!merchantPage(key) && !languageOf(manifest[key] as ManifestChunk)) for (const f of added(key)) buyerFiles.add(f)
  const merchantKeys = Object.keys(manifest).filter((k) => !first.has(k) && merchantPage(k))
  const merchantOnly = new Set(merchantKeys.flatMap(added).filter((f) => !buyerFiles.has(f)))
  // Every language's merchant texts load only on the merchant pages: out of B3, and the
  // largest of them counted in B3m (a merchant reads one language).
  const merchantTexts = Object.keys(manifest).filter(merchantText)
  const largestMerchantText = merchantTexts
    .map((k) => (manifest[k] as ManifestChunk).file)
    .sort((a, b) => gzipBytes(path.join(distDir, b)) - gzipBytes(path.join(distDir, a)))[0]
  const merchantTextFiles = new Set(merchantTexts.map((k) => (manifest[k] as ManifestChunk).file))

  const byBundle = new Map<string, { tag: string; files: Set<string> }>()
  const lazyChunks: SizedGroup[] = []
  for (const key of dynamic) {
    const language = languageOf(manifest[key] as ManifestChunk)
    if (language) {
      const name = language.pageNamespace ? `${language.tag} ${language.pageNamespace}` : language.tag
      const bundle = byBundle.get(name) ?? { tag: language.tag, files: new Set<string>() }
      for (const f of added(key)) bundle.files.add(f)
      byBundle.set(name, bundle)
    } else {
      lazyChunks.push(group(manifest[key]?.name ?? key, added(key)))
    }
  }
  const languages = [...byBundle].map(([name, b]) => group(name, [...b.files])).sort((a, b) => b.gzipBytes - a.gzipBytes)
  // B3 counts the language with the most text, all its bundles (no language falls back to
  // English's: every bundle is complete, and i18next is set up without a fallback language).
  const tagOf = (name: string) => byBundle.get(name)?.tag ?? name
  const totals = new Map<string, number>()
  for (const g of languages) if (tagOf(g.name) !== 'en') totals.set(tagOf(g.name), (totals.get(tagOf(g.name)) ?? 0) + g.gzipBytes)
  const largest = [...totals].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'en'
  const kept = languages.filter((g) => tagOf(g.name) === largest)
  const otherLanguages = new Set(languages.filter((g) => !kept.includes(g)).flatMap((g) => g.files))
  for (const f of kept.flatMap((g) => g.files)) otherLanguages.delete(f)
  const allJs = filesUnder(distDir, '.js')
  return {
    firstRoute: group('entry + home', jsOf(first)),
    lazyChunks: lazyChunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
    appJs: group(
      `buyer JS + the largest language (${largest})`,
      allJs.filter((f) => !otherLanguages.has(f) && !merchantOnly.has(f) && !merchantTextFiles.has(f)),
    ),
    merchantJs: group('merchant pages only, with the largest language’s merchant texts', [
      ...merchantOnly,
      ...(largestMerchantText ? [largestMerchantText] : []),
    ]),
    allJs: group('all JS, every language', allJs),
    css: group('all CSS', filesUnder(distDir, '.css')),
    languages,
  }
}
