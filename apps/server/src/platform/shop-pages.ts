import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { ListingPage, ProductDetail } from '@bazaar/contract/catalog'
import { type ImageWidth, imageUrl, imageWidths } from '@bazaar/contract/catalog-values'
import {
  cardImageSizes,
  type FirstScreenData,
  type FirstScreenPlan,
  type FirstScreenRequest,
  firstScreenOf,
  firstScreenScriptId,
  galleryImageSizes,
  requestKey,
} from '@bazaar/contract/first-screen-values'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** One chunk of Vite's build manifest (`build.manifest: true`). */
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

/** The shop's lazily loaded page chunk each landing page needs at once (its source file's name). */
const pageChunks: Partial<Record<FirstScreenPlan['page'], RegExp>> = { goods: /\/GoodsPage\.tsx$/ }

/**
 * Answers the shop's page paths (`/` and every `/pages/...`, SPEC §2) with its index.html;
 * home, a product list and a product page (contract first-screen-values) come with their first
 * screen: the API replies inlined as JSON (`<script type="application/json">`, the API's own
 * `data`, fetched through the app itself so the schema and the rules are the API's), the
 * largest image preloaded at high priority with the same srcset and sizes as the page's
 * `<img>`, and a modulepreload of the page's own chunk (BENCH B7). Only public replies are
 * inlined: the request's token is never passed on, and the HTML is not cached (no-cache). The
 * HTML goes out compressed (brotli, else gzip) when the browser accepts it.
 */
export async function serveShopPages(app: FastifyInstance, root: string): Promise<void> {
  const template = readFileSync(path.join(root, 'index.html'), 'utf8')
  const routeChunks = pageChunkFiles(root)
  const answer = async (url: string): Promise<string> => {
    const { pathname, searchParams } = new URL(url, 'http://shop.invalid')
    const plan = firstScreenOf(pathname, searchParams)
    if (!plan) return template
    const replies: FirstScreenData['replies'] = {}
    await Promise.all(
      plan.requests.map(async (request) => {
        const data = await publicReply(app, request)
        if (data !== undefined) replies[requestKey(request.path, request.params)] = data
      }),
    )
    const head = [
      imagePreload(plan, replies[requestKey(plan.imageFrom.request.path, plan.imageFrom.request.params)]),
      ...(routeChunks.get(plan.page) ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      `<script type="application/json" id="${firstScreenScriptId}">${jsonForHtml({ page: url, replies } satisfies FirstScreenData)}</script>`,
    ]
    return template.replace('</head>', `${head.filter(Boolean).join('\n    ')}\n  </head>`)
  }
  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    const html = Buffer.from(await answer(request.url))
    const accepted = String(request.headers['accept-encoding'] ?? '')
    if (/\bbr\b/.test(accepted))
      return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }))
    return reply.send(html)
  }
  app.get('/', { schema: { hide: true } }, send)
  app.get('/pages/*', { schema: { hide: true } }, send)
}

/** A GET of the public API as the shop would send it (no token), its `data` on success, else undefined. */
async function publicReply(app: FastifyInstance, request: FirstScreenRequest): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: `/api${requestKey(request.path, request.params)}` })
  if (response.statusCode !== 200) return undefined
  const body = response.json() as { code?: number; data?: unknown }
  return body.code === 1 ? body.data : undefined
}

/** `<link rel="preload" as="image">` of the first card's or the product's first photo, as its `<img>` asks for it. */
function imagePreload(plan: FirstScreenPlan, data: unknown): string {
  const image =
    plan.imageFrom.kind === 'first-card'
      ? (data as ListingPage | undefined)?.items[0]?.image
      : (data as ProductDetail | undefined)?.images[0]
  if (!image) return ''
  const at = (width: ImageWidth) => imageUrl(image.id, width)
  const srcset = imageWidths.map((w) => `${at(w)} ${w}w`).join(', ')
  const sizes = plan.imageFrom.kind === 'first-card' ? cardImageSizes : galleryImageSizes
  return `<link rel="preload" as="image" href="${at(320)}" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high">`
}

/** JSON that cannot end its script tag or open a comment inside it. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The JS files of each landing page's own chunk and the chunks it imports beyond the entry's. */
function pageChunkFiles(root: string): Map<FirstScreenPlan['page'], string[]> {
  const found = new Map<FirstScreenPlan['page'], string[]>()
  const file = path.join(root, '.vite', 'manifest.json')
  if (!existsSync(file)) return found
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue
      seen.add(key)
      closure(manifest[key].imports ?? [], seen)
    }
    return seen
  }
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]?.isEntry))
  for (const [page, source] of Object.entries(pageChunks) as [FirstScreenPlan['page'], RegExp][]) {
    const key = Object.keys(manifest).find((k) => source.test(k))
    if (!key) continue
    const files = [...closure([key])].filter((k) => !entry.has(k)).map((k) => (manifest[k] as ManifestChunk).file)
    found.set(
      page,
      files.filter((f) => f.endsWith('.js')),
    )
  }
  return found
}
