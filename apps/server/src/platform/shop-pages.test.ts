import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { CategoryTree, ProductDetail } from '@bazaar/contract/catalog'
import { firstScreenOf, firstScreenScriptId } from '@bazaar/contract/first-screen-values'
import { languageCookieScript } from '@bazaar/i18n/language-cookie'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app-harness.ts'
import { escapeAttribute, pageDescription } from './page-meta.ts'
import { readShopChunks } from './shop-manifest.ts'

/** The content of the page's `<meta name="description">`, as written in the HTML. */
const description = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1]

/** A browser build of the shop as Vite writes it (index.html, an entry, the manifest), without the server build. */
function fakeShopBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-shop-'))
  mkdirSync(path.join(dir, '.vite'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(path.join(dir, 'assets/index-a.js'), 'export {}')
  // As the build's precompress plugin writes them beside each asset.
  writeFileSync(path.join(dir, 'assets/index-a.js.br'), brotliCompressSync('export {}'))
  writeFileSync(path.join(dir, 'assets/index-a.js.gz'), gzipSync('export {}'))
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-c.js'] },
    '_shared-c.js': { file: 'assets/shared-c.js' },
    'src/features/catalog/pages/GoodsPage.tsx': {
      file: 'assets/GoodsPage-b.js',
      isDynamicEntry: true,
      imports: ['_shared-c.js', '_swiper-d.js'],
    },
    '_swiper-d.js': { file: 'assets/swiper-d.js' },
    '../../packages/i18n/locales/ar/common.json': { file: 'assets/common-e.js', isDynamicEntry: true },
  }
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest))
  return dir
}

describe('the shop pages (issues 15 and 25)', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    dist = fakeShopBuild()
    t = await createTestApp('sqlite', { SHOP_DIST_DIR: dist })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('answers every page path with the shell when the build has no server build, and the API and the console keep their own', async () => {
    for (const url of ['/', '/pages/index', '/pages/product/goods?id=1', '/pages/member/order?tab=all']) {
      const page = await t.app.inject({ url })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.body).toContain('<div id="root"></div>')
      expect(page.body).not.toContain(firstScreenScriptId)
    }
    expect((await t.app.inject({ url: '/api/categories' })).headers['content-type']).toContain('application/json')
  })

  it("writes the page in the lang cookie's language, else Accept-Language's, and says it varies with both", async () => {
    const arabic = await t.app.inject({ url: '/pages/index', headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' } })
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">')
    expect(description(arabic.body)).toMatch(/^بازار: /)
    const chosen = await t.app.inject({ url: '/pages/index', headers: { 'accept-language': 'ar', cookie: 'theme=dark; lang=de' } })
    expect(chosen.body).toContain('<html lang="de" dir="ltr">')
    // The SPEC's codes work in the cookie as in the lang header; an unknown one falls back to Accept-Language.
    expect((await t.app.inject({ url: '/', headers: { cookie: 'lang=arabic' } })).body).toContain('<html lang="ar" dir="rtl">')
    expect((await t.app.inject({ url: '/', headers: { cookie: 'lang=xx', 'accept-language': 'ja' } })).body).toContain('<html lang="ja"')
    expect((await t.app.inject({ url: '/' })).body).toContain('<html lang="en" dir="ltr">')
    expect(chosen.headers.vary).toBe('accept-encoding, accept-language, cookie')
    // Nothing of the session is in a page: it may be kept a few seconds (SHOP_HTML_CACHE_MS, 5 s by default).
    expect(chosen.headers['cache-control']).toBe('public, max-age=5')
  })

  it('runs the language cookie script first in the head, the one inline script its CSP allows', async () => {
    const page = await t.app.inject({ url: '/pages/member/index' })
    const inline = [...page.body.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1] ?? '')
    expect(inline).toEqual([languageCookieScript])
    expect(page.body.indexOf('<script>')).toBeLessThan(page.body.indexOf('<meta charset'))
    const hash = createHash('sha256').update(languageCookieScript).digest('base64')
    const csp = String(page.headers['content-security-policy'])
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`])
  })

  it('sends a page as brotli or gzip when accepted', async () => {
    const br = await t.app.inject({ url: '/pages/index', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">')
    const gz = await t.app.inject({ url: '/pages/index', headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">')
  })

  it("describes a product page with the product's own title and description, escaped, and a category list in the page's language", async () => {
    const list = await t.app.inject({ url: '/api/products?limit=1&sort=sales' })
    const id = (list.json() as { data: { items: { id: number }[] } }).data.items[0]?.id ?? 0
    const { data } = (await t.app.inject({ url: `/api/products/${id}` })).json() as { data: ProductDetail }
    const goods = firstScreenOf('/pages/product/goods', `?id=${id}`)
    const content = escapeAttribute(pageDescription('en', goods, { [`/products/${id}`]: data }))
    expect(content.startsWith(escapeAttribute(data.title))).toBe(true)
    expect(content.length).toBeGreaterThan(data.title.length)
    expect(content.length).toBeLessThanOrEqual(160)
    expect(escapeAttribute('a "b" <c> & d')).toBe('a &quot;b&quot; &lt;c&gt; &amp; d')
    const tree = (await t.app.inject({ url: '/api/categories' })).json() as { data: CategoryTree }
    const electronics = tree.data.items.find((c) => c.slug === 'electronics')
    const plan = firstScreenOf('/pages/product/list', `?categoryId=${electronics?.id}`)
    expect(pageDescription('de', plan, { '/categories': tree.data })).toBe(
      'Elektronik bei Bazaar: Produkte, Preise und Bewertungen vieler unabhängiger Händler vergleichen.',
    )
    // A page without replies (the shell, a product that does not exist) has the shop's description.
    expect(pageDescription('en', goods, {})).toMatch(/^Bazaar: shop products from many independent sellers/)
  })

  it("preloads a server-rendered page's own chunks beyond the entry's, and its language's texts", () => {
    const chunks = readShopChunks(dist)
    expect(chunks.page('goods')).toEqual(['assets/GoodsPage-b.js', 'assets/swiper-d.js'])
    expect(chunks.page('home')).toEqual([])
    expect(chunks.bundle('ar', 'common')).toBe('assets/common-e.js')
    expect(chunks.bundle('en', 'common')).toBeUndefined()
  })

  it('sends a hashed asset pre-compressed as brotli or gzip, as accepted, cached for a year', async () => {
    const br = await t.app.inject({ url: '/assets/index-a.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('export {}')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const gz = await t.app.inject({ url: '/assets/index-a.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe('export {}')
    const plain = await t.app.inject({ url: '/assets/index-a.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('export {}')
  })
})
