import { type ComponentType, createElement, lazy } from 'react'

/** SPEC §9: a page chunk that has not arrived after 120 s counts as failed. */
export const chunkTimeoutMs = 120_000

/** A lazily loaded route page; `preload` fetches its chunk, after which it renders without suspending. */
export type LazyPage = ComponentType & { preload: () => Promise<void> }

type PageModule = { default: ComponentType }

function withTimeout(load: () => Promise<PageModule>): Promise<PageModule> {
  return new Promise<PageModule>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk timeout')), chunkTimeoutMs)
    load().then(
      (module) => {
        clearTimeout(timer)
        resolve(module)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * A lazily loaded route page (BENCH: every route but home and list is its own chunk). Once its
 * chunk is in (`preload`, or the first render that suspended for it), the page renders at once:
 * the shop preloads the page of a server-rendered HTML before hydrating it, so hydration does
 * not wait on a suspended page (issue 25), and the server renders it after its first request
 * without suspending.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined
  let pending: Promise<PageModule> | undefined
  const fetchOnce = () => {
    pending ??= withTimeout(load).then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    )
    return pending
  }
  const Suspending = lazy(fetchOnce)
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per page at module level, as React.lazy is
  const Page = () => createElement(loaded ?? Suspending)
  return Object.assign(Page, { preload: () => fetchOnce().then(() => undefined) })
}
