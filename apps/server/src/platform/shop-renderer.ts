import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ShopRenderer } from '@bazaar/contract/first-screen-values'
import type { FastifyBaseLogger } from 'fastify'

/** The shop's server build inside a shop build (apps/shop `vite build --ssr`, issue 25). */
export function serverBuildFile(root: string): string {
  return path.join(root, '.ssr', 'entry-server.js')
}

/**
 * The shop's renderer, imported on first use, not at start: importing it (React's server
 * renderer, the shop's components) takes a few hundred milliseconds that a start to /healthz
 * should not wait for (BENCH G11). Undefined when the build has no server build, or it fails to
 * load: the pages are then the shell, as before issue 25.
 */
export function lazyShopRenderer(root: string, log: FastifyBaseLogger): () => Promise<ShopRenderer | undefined> {
  let loading: Promise<ShopRenderer | undefined> | undefined
  const load = async (): Promise<ShopRenderer | undefined> => {
    const file = serverBuildFile(root)
    if (!existsSync(file)) {
      log.warn({ file }, 'the shop has no server build: its pages are served as the shell (npm run build -w @bazaar/shop)')
      return undefined
    }
    try {
      return ((await import(pathToFileURL(file).href)) as { default: ShopRenderer }).default
    } catch (err) {
      log.error({ err, file }, 'the shop server build failed to load: its pages are served as the shell')
      return undefined
    }
  }
  return () => {
    loading ??= load()
    return loading
  }
}
