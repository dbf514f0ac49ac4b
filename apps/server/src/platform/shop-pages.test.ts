import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { type FirstScreenData, firstScreenScriptId } from '@bazaar/contract/first-screen-values'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/app-harness.ts'

/** A shop build as Vite writes it: index.html, an entry and the product page's chunk in the manifest. */
function fakeShopBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-shop-'))
  mkdirSync(path.join(dir, '.vite'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(path.join(dir, 'assets/index-a.js'), '')
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-c.js'] },
    '_shared-c.js': { file: 'assets/shared-c.js' },
    'src/features/catalog/pages/GoodsPage.tsx': {
      file: 'assets/GoodsPage-b.js',
      isDynamicEntry: true,
      imports: ['_shared-c.js', '_swiper-d.js'],
    },
    '_swiper-d.js': { file: 'assets/swiper-d.js' },
  }
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest))
  return dir
}

/** The script tag of a page's HTML: the page it was made for and the inlined replies. */
function firstScreen(html: string): FirstScreenData | undefined {
  const match = new RegExp(`<script type="application/json" id="${firstScreenScriptId}">(.*?)</script>`).exec(html)
  return match?.[1] ? (JSON.parse(match[1]) as FirstScreenData) : undefined
}
const inlined = (html: string) => firstScreen(html)?.replies ?? {}

describe('the shop pages with their first screen (issue 15)', () => {
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

  it('answers a product page with the API reply inlined, its photo preloaded and its chunk modulepreloaded', async () => {
    const list = await t.app.inject({ url: '/api/products?limit=1&sort=sales' })
    const id = (list.json() as { data: { items: { id: number }[] } }).data.items[0]?.id
    const api = (await t.app.inject({ url: `/api/products/${id}` })).json() as { data: { images: { id: number }[] } }
    const page = await t.app.inject({ url: `/pages/product/goods?id=${id}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(firstScreen(page.body)).toEqual({ page: `/pages/product/goods?id=${id}`, replies: { [`/products/${id}`]: api.data } })
    expect(page.body).toContain(`<link rel="preload" as="image" href="/media/${api.data.images[0]?.id}/320.webp"`)
    expect(page.body).toContain('fetchpriority="high"')
    // The page's own chunk and what it adds to the entry's, not the entry's shared chunk again.
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/GoodsPage-b.js">')
    expect(page.body).toContain('href="/assets/swiper-d.js"')
    expect(page.body).not.toContain('href="/assets/shared-c.js"')
  })

  it('inlines home and list replies under the keys the shop asks for, and nothing on other pages', async () => {
    const home = await t.app.inject({ url: '/pages/index' })
    expect(Object.keys(inlined(home.body)).sort()).toEqual(['/categories', '/products?limit=20&sort=recommend'])
    const list = await t.app.inject({ url: '/pages/product/list?categoryId=1&sort=price_asc&bogus=1' })
    expect(Object.keys(inlined(list.body))).toContain('/products?categoryId=1&limit=20&sort=price_asc')
    const member = await t.app.inject({ url: '/pages/member/index' })
    expect(member.statusCode).toBe(200)
    expect(member.body).not.toContain(firstScreenScriptId)
  })

  it('inlines nothing for a product that does not exist, and sends brotli when accepted', async () => {
    const missing = await t.app.inject({ url: '/pages/product/goods?id=999999999' })
    expect(inlined(missing.body)).toEqual({})
    const compressed = await t.app.inject({ url: '/pages/index', headers: { 'accept-encoding': 'gzip, br' } })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<div id="root">')
  })
})
