import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'
import { antdDefaultLocale } from './vite/antd-default-locale'
import { precompress } from './vite/precompress'
import { pwa } from './vite/pwa'
import { slimIcons } from './vite/slim-icons'

/** antd-mobile-icons' modules, one icon each. */
const icons = /antd-mobile-icons[\\/]es[\\/]\w+\.js$/

/** The API server (apps/server); in dev, /api and /media are proxied to it (same origin in production). */
const apiOrigin = process.env.BAZAAR_API ?? 'http://127.0.0.1:8080'

/**
 * The server build (`vite build --ssr`, issue 25): the same components for the server to render
 * pages with, one self-contained module tree in `dist/.ssr` (a dot folder: the server never
 * serves it, and the browser build's manifest and service worker never list it). Everything is
 * bundled, antd-mobile's CSS imports dropped, so the server imports it wherever the build is.
 */
const serverBuild: UserConfig = {
  plugins: [slimIcons(), antdDefaultLocale(), react()],
  ssr: { noExternal: true, target: 'node' },
  // React and its kin pick their production build from process.env.NODE_ENV when loaded; the
  // bundle decides it once here, so a server started without NODE_ENV never renders with the
  // development build (its checks made a page cost about twice as much CPU).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    target: 'node20',
    assetsInlineLimit: 0,
    minify: false,
  },
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        // Path routes (/pages/product/goods?id=1): assets are asked for from any depth, so from the root.
        base: '/',
        plugins: [slimIcons(), antdDefaultLocale(), react(), precompress(), ...pwa()],
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          target: 'es2022',
          // bench/frontend.ts reads chunk sizes from the manifest (BENCH.md B1–B5).
          manifest: true,
          // A language bundle is its own chunk (B5); never inline JSON chunks.
          assetsInlineLimit: 0,
          // One stylesheet for the whole app: ~57 per-route CSS files weighed 35 KB gzipped one
          // by one, one file weighs 19 KB (B4) and costs one request instead of dozens.
          cssCodeSplit: false,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // Everything the entry imports statically in one chunk beside it: on a slow line each
                  // file costs a round trip (562 ms in B7's slow 4G, 6 at a time over HTTP/1.1), and the
                  // first route was ~30 files. Lazy pages keep their own chunks (B2).
                  { name: 'shell', tags: ['$initial'], priority: 2 },
                  // The other icons (antd-mobile-icons, one module each) came as ~35 chunks of under 1 KB,
                  // each paying its own gzip and import overhead: one chunk.
                  { name: 'icons', test: icons, priority: 1, includeDependenciesRecursively: false },
                  {
                    name: 'merchant',
                    test: /features[\\/]merchant[\\/](?!components[\\/]TrendChart)/,
                    priority: 1,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
        server: {
          proxy: {
            '/api': apiOrigin,
            '/media': apiOrigin,
          },
        },
      },
)
