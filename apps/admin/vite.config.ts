import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The API server (apps/server); in dev, /api is proxied to it (same origin in production). */
const apiOrigin = process.env.BAZAAR_API ?? 'http://127.0.0.1:8080'

export default defineConfig({
  // The server mounts the console at /admin/; a relative base plus hash routes work from any path.
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // antd is one large vendor chunk by nature; pages are split per route, so warn only above that.
    chunkSizeWarningLimit: 1_200,
  },
  server: {
    port: 5174,
    proxy: { '/api': apiOrigin },
  },
})
