import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { pageNamespaces } from '@bazaar/i18n/page-namespaces'

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
  /** Every JS file of the build, all languages included (reported beside B3). */
  allJs: SizedGroup
  /** B4: every CSS file of the build. */
  css: SizedGroup
  /**
   * B5: each language: its on-demand chunks (translations, component texts) beyond the first
   * route; the namespaces that load with their pages (@bazaar/i18n/page-namespaces) are a
   * group of their own per language, `<tag> (page texts)`, since choosing a language does
   * not download them.
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
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(extension) && !f.startsWith('.vite'))
    .map((f) => f.replaceAll(path.sep, '/'))
    .sort()
}

/** The suffix of a language's group of page texts. */
const pageTexts = ' (page texts)'

/** Which language group an on-demand chunk belongs to (`th`, or `th (page texts)`), or undefined for a route chunk. */
function languageOf(chunk: ManifestChunk): string | undefined {
  const src = chunk.src ?? ''
  const i18n = /locales\/([A-Za-z-]+)\/([^/]+)\.json$/.exec(src)
  if (i18n) return (pageNamespaces as readonly string[]).includes(i18n[2] ?? '') ? `${i18n[1]}${pageTexts}` : i18n[1]
  const antdMobile = /antd-mobile\/es\/locales\/([a-z]{2})-([A-Z]{2})\.js$/.exec(src)
  if (antdMobile) return antdMobile[1] === 'zh' ? (antdMobile[2] === 'CN' ? 'zh-Hans' : 'zh-Hant') : antdMobile[1]
  const own = /antd-locales\/([A-Za-z-]+)\.ts$/.exec(src)
  if (own && own[1] !== 'make') return own[1]
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
  const lazyHome = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry && /HomePage\.[jt]sx?$/.test(k))
  const first = closure([...entries, ...lazyHome])
  const dynamic = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry && !first.has(k))
  const added = (key: string) => jsOf([...closure([key])].filter((k) => !first.has(k)))

  const byLanguage = new Map<string, Set<string>>()
  const lazyChunks: SizedGroup[] = []
  for (const key of dynamic) {
    const language = languageOf(manifest[key] as ManifestChunk)
    if (language) {
      const files = byLanguage.get(language) ?? new Set<string>()
      for (const f of added(key)) files.add(f)
      byLanguage.set(language, files)
    } else {
      lazyChunks.push(group(manifest[key]?.name ?? key, added(key)))
    }
  }
  const languages = [...byLanguage].map(([name, files]) => group(name, [...files])).sort((a, b) => b.gzipBytes - a.gzipBytes)
  // B3 counts the largest language, page texts included: a buyer of that language loads both.
  const baseOf = (name: string) => name.replace(pageTexts, '')
  const largest = baseOf(languages.find((g) => !g.name.endsWith(pageTexts))?.name ?? '')
  const otherLanguages = new Set(languages.filter((g) => baseOf(g.name) !== largest).flatMap((g) => g.files))
  for (const g of languages.filter((l) => baseOf(l.name) === largest)) for (const f of g.files) otherLanguages.delete(f)
  const allJs = filesUnder(distDir, '.js')
  return {
    firstRoute: group('entry + home', jsOf(first)),
    lazyChunks: lazyChunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
    appJs: group(
      `app JS + the largest language (${largest || 'none'})`,
      allJs.filter((f) => !otherLanguages.has(f)),
    ),
    allJs: group('all JS, every language', allJs),
    css: group('all CSS', filesUnder(distDir, '.css')),
    languages,
  }
}
