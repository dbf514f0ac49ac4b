import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

/** The shop's colours (app/global.css: --adm-color-primary on white). */
const brand = '#ff5a1f'

/** Landing HTML, catalogue photos and public catalogue replies kept for offline use (entries). */
const keep = { pages: 30, images: 300, catalogue: 60 }

/**
 * The installable shop (issue 15): a web manifest with the shop's icons and a Workbox service
 * worker (registered by app/service-worker.ts after load, so the first route carries none of
 * it, BENCH B1). It precaches the shell (index.html, the CSS and the entry's JS, not every
 * page and language) and the toast's code (shared/ui/toast.ts and antd-mobile's Toast: the
 * offline path says 'Network Error' with it, and a chunk it had never loaded failed to load
 * there and threw, issue 22), keeps what was seen for offline use and revalidates it in the
 * background:
 * - pages (`/`, `/pages/...`): network first (their HTML holds the first screen's data,
 *   contract first-screen-values); offline, the last copy, else the shell;
 * - catalogue photos (`/media/...`) and public catalogue replies (`/api/products`,
 *   `/api/categories`, `/api/shops`): stale-while-revalidate. A request that carries the
 *   session token is never cached, nor any other API reply.
 * - page chunks (`/assets/...`, hashed, immutable): cache first once loaded.
 */
export function pwa(): Plugin[] {
  let outDir = 'dist'
  const whereBuilt: Plugin = {
    name: 'bazaar:pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)
    },
  }
  return [
    whereBuilt,
    ...VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      includeAssets: ['icons/icon.svg'],
      manifest: {
        id: '/',
        name: 'Bazaar',
        short_name: 'Bazaar',
        description: 'Bazaar: shops from around the world, paid from your USDT wallet.',
        start_url: '/pages/index',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: brand,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        // The shell and the toast (read from Vite's manifest); other pages' chunks and languages
        // are cached when first used.
        manifestTransforms: [
          async (entries) => {
            const kept = precachedFiles(outDir)
            return { manifest: entries.filter((e) => !e.url.endsWith('.js') || kept.has(e.url)), warnings: [] }
          },
        ],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && (url.pathname === '/' || url.pathname.startsWith('/pages/')),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'bazaar-pages',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: keep.pages },
              precacheFallback: { fallbackURL: 'index.html' },
            },
          },
          {
            urlPattern: ({ url, request }) => url.pathname.startsWith('/media/') && !request.headers.has('token'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'bazaar-images', expiration: { maxEntries: keep.images }, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              !request.headers.has('token') &&
              (url.pathname === '/api/categories' || url.pathname.startsWith('/api/products') || url.pathname.startsWith('/api/shops')),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'bazaar-catalogue', expiration: { maxEntries: keep.catalogue }, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'bazaar-chunks', expiration: { maxEntries: 200 } },
          },
        ],
      },
    }),
  ]
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }

/** antd-mobile's Toast as Vite's manifest names it; the chunk that imports it on demand is shared/ui/toast.ts. */
const antdToast = /antd-mobile\/es\/components\/toast\/index\.js$/

/**
 * The files the service worker precaches, as `assets/...`: the entry's JS and CSS with their
 * static imports (the shell), and the toast's chunks (shared/ui/toast.ts, which every failed
 * call loads to say why, and antd-mobile's Toast it loads in turn) with theirs.
 */
function precachedFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const next of chunk.imports ?? []) visit(next)
  }
  const toast = Object.keys(manifest).filter((key) => antdToast.test(key))
  if (toast.length !== 1) throw new Error(`pwa: expected antd-mobile's Toast once in Vite's manifest, found ${toast.length}`)
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || antdToast.test(key) || chunk.dynamicImports?.some((d) => antdToast.test(d))) visit(key)
  }
  return files
}
