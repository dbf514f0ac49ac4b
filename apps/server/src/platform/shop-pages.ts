import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import {
  type FirstScreenPlan,
  type FirstScreenRequest,
  firstScreenOf,
  firstScreenScriptId,
  requestKey,
  shopRootId,
} from '@bazaar/contract/first-screen-values'
import type { LocaleTag } from '@bazaar/contract/locales'
import { eagerNamespaces } from '@bazaar/i18n/namespaces'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PageCache } from './page-cache.ts'
import { pageDescription, pageLocale, withPageHead } from './page-meta.ts'
import { readShopChunks } from './shop-manifest.ts'
import { lazyShopRenderer } from './shop-renderer.ts'

/** A page's HTML, and its brotli and gzip forms made on first demand (kept with the page in the cache). */
class PageBytes {
  private brotli?: Buffer
  private gzipped?: Buffer
  constructor(readonly html: Buffer) {}
  br(): Buffer {
    this.brotli ??= brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    return this.brotli
  }
  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.html, { level: 6 })
    return this.gzipped
  }
}

/** Settings of the shop's pages. */
export interface ShopPagesOptions {
  /** How long a rendered page is kept and may be cached by browsers and proxies; 0: never (config SHOP_HTML_CACHE_MS). */
  htmlCacheMs: number
}

/**
 * Answers the shop's page paths (`/` and every `/pages/...`, SPEC §2). Home, product lists and
 * search results, product pages and shop homes (contract first-screen-values, one list with the
 * shop's routes) are rendered to HTML by the shop's own server build (issue 25): the public API
 * replies they need are fetched through the app itself (so the schema and the rules are the
 * API's; the request's token is never passed on), the shop renders them into its root element
 * in the page's language, and the query cache it rendered from goes into a JSON script tag for
 * hydration, with modulepreloads of the page's own chunk and its language's texts. Every other
 * page, and any page the server build cannot render, is the shell (index.html). Every page
 * carries `<html lang dir>` in the page's language (the `lang` cookie, else Accept-Language,
 * else English), the language cookie's script and a meta description (page-meta.ts). Nothing in
 * the HTML depends on the session, so a page is kept per path and language for
 * `htmlCacheMs` and may be cached as long with `Vary: Cookie, Accept-Language`. It goes out
 * compressed (brotli, else gzip) when the browser accepts it.
 */
export async function serveShopPages(app: FastifyInstance, root: string, { htmlCacheMs }: ShopPagesOptions): Promise<void> {
  const template = readFileSync(path.join(root, 'index.html'), 'utf8')
  const chunks = readShopChunks(root)
  const renderer = lazyShopRenderer(root, app.log)
  const cache = new PageCache<PageBytes>(htmlCacheMs)

  const render = async (url: string, locale: LocaleTag): Promise<string> => {
    const at = url.indexOf('?')
    const plan = firstScreenOf(at < 0 ? url : url.slice(0, at), at < 0 ? '' : url.slice(at))
    const shell = () => withPageHead(template, locale, pageDescription(locale, plan, {}))
    const shop = plan && (await renderer())
    if (!plan || !shop) return shell()
    const replies = await publicReplies(app, plan)
    let page: Awaited<ReturnType<typeof shop.renderPage>>
    try {
      page = await shop.renderPage({ plan, locale, replies })
    } catch (err) {
      app.log.error({ err, url }, 'a shop page failed to render on the server: sent the shell')
      return shell()
    }
    const namespaces = new Set<string>([...eagerNamespaces, ...page.data.namespaces])
    const preloads = [...chunks.page(plan.page), ...[...namespaces].map((ns) => chunks.bundle(locale, ns))]
    // React writes the preloads it found (the largest image's, with its srcset, sizes and high
    // priority) before the page: they belong in the head, where the browser meets them first.
    const hoisted = /^(?:<link [^>]*>)*/.exec(page.html)?.[0] ?? ''
    const head = [hoisted, ...preloads.filter(Boolean).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)]
    // A function, not a string: a `$&` in a product's title must stay text, not a replacement pattern.
    return withPageHead(template, locale, pageDescription(locale, plan, replies), head).replace(
      `<div id="${shopRootId}"></div>`,
      () =>
        `<div id="${shopRootId}">${page.html.slice(hoisted.length)}</div>\n    <script type="application/json" id="${firstScreenScriptId}">${jsonForHtml(page.data)}</script>`,
    )
  }

  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = pageLocale(request.headers.cookie, request.headers['accept-language'])
    const page = await cache.get(`${locale} ${request.url}`, async () => new PageBytes(Buffer.from(await render(request.url, locale))))
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', htmlCacheMs > 0 ? `public, max-age=${Math.floor(htmlCacheMs / 1000)}` : 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie')
    const accepted = String(request.headers['accept-encoding'] ?? '')
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br())
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip())
    return reply.send(page.html)
  }
  app.get('/', { schema: { hide: true } }, send)
  app.get('/pages/*', { schema: { hide: true } }, send)
}

/** The plan's GETs of the public API as the shop sends them (no token), each reply's `data` by `requestKey`; failed ones left out. */
async function publicReplies(app: FastifyInstance, plan: FirstScreenPlan): Promise<Record<string, unknown>> {
  const replies: Record<string, unknown> = {}
  await Promise.all(
    plan.requests.map(async (request: FirstScreenRequest) => {
      const key = requestKey(request.path, request.params)
      const response = await app.inject({ method: 'GET', url: `/api${key}` })
      if (response.statusCode !== 200) return
      const body = response.json() as { code?: number; data?: unknown }
      if (body.code === 1) replies[key] = body.data
    }),
  )
  return replies
}

/** JSON that cannot end its script tag or open a comment inside it. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
