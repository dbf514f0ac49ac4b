import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react'

/**
 * A bottom sheet whose code (Popup, its gestures and springs, ~30 KB gzip with the keyboard)
 * loads when it is first opened, not with the page (BENCH B2, as the goods page's spec sheet).
 * `prefetch()` fetches it while the browser is idle, when the page expects it to open.
 */
export function lazySheet<P extends { visible: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const fetchIt = () => (loading ??= load().then((component) => ({ default: component })))
  const Sheet = lazy(fetchIt)

  function LazySheet(props: P) {
    const [used, setUsed] = useState(props.visible)
    if (props.visible && !used) setUsed(true)
    if (!used) return null
    return (
      <Suspense fallback={null}>
        <Sheet {...props} />
      </Suspense>
    )
  }

  return Object.assign(LazySheet, {
    /** Fetches the code when idle; call from an effect of a page that will likely open it. */
    usePrefetch(enabled: boolean) {
      useEffect(() => {
        if (!enabled) return
        const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1_000))
        idle(() => void fetchIt())
      }, [enabled])
    },
  })
}
