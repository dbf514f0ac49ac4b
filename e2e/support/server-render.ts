import { CategoryTree, ListingPage, ProductDetail, ShopSummary } from '@bazaar/contract/catalog'
import { expect, type Page } from '@playwright/test'
import { api } from './api'
import { firstListing } from './catalog'

/** What the server renders (issue 25) and how a test recognises it: the page's title, a price and its largest photo. */
export type RenderedPage = {
  name: 'home' | 'list' | 'search' | 'product' | 'shop'
  path: string
  /** The page's own title as a person reads it (a heading, the header, the search words). */
  title: string
  /** Integer cents of a price the first screen shows. */
  priceCents: number
  /** The image id of its largest photo (the first card's, or the product's first). */
  imageId: number
}

/** The five kinds of server-rendered page, on the seed catalogue, with what each must show (read from the API). */
export async function renderedPages(): Promise<RenderedPage[]> {
  const { listingId, shopId } = await firstListing()
  const first = async (query: string) => {
    const item = (await api.get(`/api/products?limit=20&${query}`, ListingPage)).items[0]
    if (!item?.image) throw new Error(`no card with a photo for ${query}`)
    return { priceCents: item.priceCents, imageId: item.image.id, title: item.title }
  }
  const product = await api.get(`/api/products/${listingId}`, ProductDetail)
  const shop = await api.get(`/api/shops/${shopId}`, ShopSummary)
  const home = await first('sort=recommend')
  const electronics = (await api.get('/api/categories', CategoryTree)).items.find((c) => c.slug === 'electronics')
  const list = await first(`categoryId=${electronics?.id}&sort=recommend`)
  const search = await first('keywords=phone&sort=recommend')
  const shopFeed = await first(`shopId=${shopId}&sort=recommend`)
  return [
    { name: 'home', path: '/pages/index', ...home, title: 'Recommended for you' },
    { name: 'list', path: `/pages/product/list?categoryId=${electronics?.id}`, ...list, title: 'Electronics' },
    // A search's title is its words, in the search box of the list's header.
    { name: 'search', path: '/pages/product/list?keywords=phone', ...search, title: 'phone' },
    {
      name: 'product',
      path: `/pages/product/goods?id=${listingId}`,
      title: product.title,
      priceCents: product.priceCents,
      imageId: product.images[0]?.id ?? 0,
    },
    { name: 'shop', path: `/pages/product/shop_home?id=${shopId}`, ...shopFeed, title: shop.name },
  ]
}

/**
 * Runs in every document before its scripts: notes the root's first element as the server sent
 * it (when parsing ends, before the shop's module runs), every change of `<html lang>` after
 * that, and layout shifts.
 */
export const renderProbe = `(() => {
  const probe = { langChanges: [], cls: 0 }
  window.__probe = probe
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return
    probe.serverNode = document.getElementById('root')?.firstElementChild ?? null
    new MutationObserver((records) => {
      for (const r of records) {
        const now = document.documentElement.getAttribute(r.attributeName)
        if (now !== r.oldValue) probe.langChanges.push(r.attributeName + ': ' + r.oldValue + ' → ' + now)
      }
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'], attributeOldValue: true })
  })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) probe.cls += e.value
  }).observe({ type: 'layout-shift', buffered: true })
})()`

/** What the probe saw: whether React adopted the server's elements (hydration) or drew new ones, language changes, layout shift. */
export async function readProbe(page: Page): Promise<{ hydrated: boolean; langChanges: string[]; cls: number }> {
  return page.evaluate(() => {
    const probe = (window as unknown as { __probe: { serverNode: Element | null; langChanges: string[]; cls: number } }).__probe
    const node = probe.serverNode
    const adopted = !!node && node.isConnected && Object.keys(node).some((key) => key.startsWith('__reactFiber'))
    return { hydrated: adopted, langChanges: probe.langChanges, cls: probe.cls }
  })
}

/**
 * What the probe saw once the shop has started: waits (up to 20 s, a loaded machine starts
 * slowly) until React adopted the server's HTML or the page reported a problem (a hydration
 * error is one), since the network going quiet does not mean the scripts have run.
 */
export async function probeAfterStart(page: Page, problems: string[]): ReturnType<typeof readProbe> {
  await expect
    .poll(async () => (await readProbe(page)).hydrated || problems.length > 0, { timeout: 20_000, message: 'the shop started' })
    .toBe(true)
  await page.waitForLoadState('networkidle')
  return readProbe(page)
}

/** Console errors and warnings of the page, and uncaught errors; the browser's own notices about headers and the blocked service worker are not the shop's. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    const text = message.text()
    if (!['error', 'warning'].includes(message.type())) return
    if (/Permissions-Policy|Service Worker registration blocked/.test(text)) return
    problems.push(`${message.type()}: ${text}`)
  })
  return problems
}
