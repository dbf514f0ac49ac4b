import { type ComponentType, lazy } from 'react'

/** SPEC §9: a page chunk that has not arrived after 120 s counts as failed. */
export const chunkTimeoutMs = 120_000

/** A lazily loaded route page (BENCH: every route but home and list is its own chunk). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
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
      }),
  )
}
