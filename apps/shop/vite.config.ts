import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './vite/precompress'
import { slimIcons } from './vite/slim-icons'

/** antd-mobile-icons' modules, one icon each. */
const icons = /antd-mobile-icons[\\/]es[\\/]\w+\.js$/

/** The API server (apps/server); in dev, /api and /media are proxied to it (same origin in production). */
const apiOrigin = process.env.BAZAAR_API ?? 'http://127.0.0.1:8080'

export default defineConfig({
  // Hash routes + relative base: the bundle works from any path the server mounts it at (SPEC §2).
  base: './',
  plugins: [slimIcons(), react(), precompress()],
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
          // Icons (antd-mobile-icons, one module each) came as ~35 chunks of under 1 KB, each
          // paying its own gzip and import overhead. The first route's icons stay with it (B1);
          // the others are one chunk (B3: 353.5 → 333.2 KB with the slimmed icons, B1 148.7 KB).
          groups: [
            { name: 'icons-first', test: icons, tags: ['$initial'], priority: 2, includeDependenciesRecursively: false },
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
})
