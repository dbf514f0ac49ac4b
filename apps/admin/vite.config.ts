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
    rolldownOptions: {
      treeshake: {
        // antd's @rc-component packages declare no `sideEffects`, so a bundler must keep every
        // module their barrels import: Select's form context alone pulled all of
        // @rc-component/form (validators, hooks) into the entry. They are plain modules of
        // React components and functions, free of side effects on import.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': apiOrigin },
  },
})
