import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react'

/**
 * A bottom sheet's code (Popup, its gestures and springs, ~30 KB gzip with the keyboard),
 * fetched once, when first needed, not with the page (BENCH B2, as the goods page's spec sheet).
 */
export type SheetCode<P> = { fetch: () => Promise<{ default: ComponentType<P> }>; Component: LazyExoticComponent<ComponentType<P>> }

/** Wraps a sheet's dynamic import so that prefetching and rendering share one download. */
export function sheetCode<P>(load: () => Promise<ComponentType<P>>): SheetCode<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const fetch = () => {
    loading ??= load().then((component) => ({ default: component }))
    return loading
  }
  return { fetch, Component: lazy(fetch) }
}

/** Renders a lazily loaded sheet from the first time it is visible on; nothing before. */
export function LazySheet<P extends { visible: boolean }>({ code, ...props }: { code: SheetCode<P> } & P) {
  const [used, setUsed] = useState(props.visible)
  if (props.visible && !used) setUsed(true)
  if (!used) return null
  const Sheet = code.Component as ComponentType<P>
  return (
    <Suspense fallback={null}>
      <Sheet {...(props as unknown as P)} />
    </Suspense>
  )
}

/** Fetches a sheet's code while the browser is idle, once `enabled` (the page expects it to open). */
export function usePrefetchSheet(code: { fetch: () => Promise<unknown> }, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1_000))
    idle(() => void code.fetch())
  }, [code, enabled])
}
