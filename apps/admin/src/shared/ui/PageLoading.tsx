import { Spin } from 'antd'

/** SPEC §2: a page waits 200 ms before showing a loading view, so a quick chunk never flashes one. */
const loadingDelayMs = 200

/**
 * What shows while a page's chunk (or the first route at start) is on its way: React Router's
 * `HydrateFallback` and the layout's Suspense fallback.
 */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin delay={loadingDelayMs} size="large" />
    </div>
  )
}
