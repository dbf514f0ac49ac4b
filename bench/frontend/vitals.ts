import type { Browser } from '@playwright/test'

/** What one load of one page measured (BENCH.md B6, B7). */
export interface PageVitals {
  lcpMs: number | null
  /** The LCP element (tag and image URL, if any), to see what to speed up. */
  lcpElement: string | null
  cls: number
  /** Longest event duration of the interaction; 0 when under the 16 ms the browser reports. */
  inpMs: number | null
  interaction: string | null
  /** Images in the product grid after the load (B6), with their DOM attributes. */
  thumbnails: { src: string; width: string | null; height: string | null; loading: string | null }[]
}

/** A page to measure and the element a user would tap on it (the first that exists). */
export interface PagePlan {
  name: string
  /** The page's path and query (`/pages/index`). */
  path: string
  /** Shown once the page's content has rendered (a lazy route's chunk and data included). */
  readySelector: string
  tapSelectors: string[]
  /** The browser's language (Accept-Language, which the server renders in): `en-US` unless given. */
  locale?: string
}

/**
 * DevTools' "Slow 4G" preset (formerly "Fast 3G", as Lighthouse throttles): 1.6 Mbps down,
 * 750 kbps up, 150 ms RTT, each with DevTools' adjustment factors (×0.9 throughput, ×3.75 RTT).
 */
export const slow4g = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
}
export const cpuSlowdown = 4
/** Lighthouse's mobile screen: 390-wide viewport here, at its device pixel ratio 1.75. */
const screen = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
const settleMs = 1_500
const loadTimeoutMs = 60_000

// Runs in the page before any script: observers for LCP, CLS (largest session window, as
// web-vitals does) and event timing (INP of the one interaction we make). A string, not a
// function: tsx would wrap a function's inner names in a helper the page does not have.
const observeVitals = `(() => {
  const vitals = { lcp: null, lcpElement: null, cls: 0, inp: null }
  let session = 0, first = 0, last = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      vitals.lcp = e.startTime
      vitals.lcpElement = (e.element ? e.element.tagName : '?') + (e.url ? ' ' + e.url : '')
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue
      if (session > 0 && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value
      else { session = e.value; first = e.startTime }
      last = e.startTime
      vitals.cls = Math.max(vitals.cls, session)
    }
  }).observe({ type: 'layout-shift', buffered: true })
  const onEvent = (list) => {
    for (const e of list.getEntries()) if (e.interactionId || e.entryType === 'first-input') vitals.inp = Math.max(vitals.inp || 0, e.duration)
  }
  new PerformanceObserver(onEvent).observe({ type: 'event', buffered: true, durationThreshold: 16 })
  new PerformanceObserver(onEvent).observe({ type: 'first-input', buffered: true })
  window.__vitals = vitals
})()`

/**
 * Loads one page in a fresh context (cold browser cache, service workers blocked) with
 * CDP's CPU slowdown and network conditions when `throttled`, waits for the network to
 * settle, reads LCP and CLS, taps the page's first tap target, then reads INP.
 */
export async function measurePage(browser: Browser, baseUrl: string, plan: PagePlan, throttled: boolean): Promise<PageVitals> {
  const context = await browser.newContext({ ...screen, serviceWorkers: 'block', locale: plan.locale ?? 'en-US' })
  try {
    await context.addInitScript({ content: observeVitals })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    if (throttled) {
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', slow4g)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    }
    await page.goto(`${baseUrl}${plan.path}`, { waitUntil: 'load', timeout: loadTimeoutMs })
    // 'networkidle' alone comes too early when throttled: the CPU can be busy for more than its
    // 500 ms quiet window before a lazy chunk or the data is even requested.
    await page.locator(plan.readySelector).first().waitFor({ state: 'visible', timeout: loadTimeoutMs })
    await page.waitForLoadState('networkidle', { timeout: loadTimeoutMs }).catch(() => {})
    await page.waitForTimeout(settleMs)
    const read = () =>
      page.evaluate(
        () =>
          (window as unknown as { __vitals: { lcp: number | null; lcpElement: string | null; cls: number; inp: number | null } }).__vitals,
      )
    const loaded = await read()
    const thumbnails = await page.$$eval('[data-testid="product-grid"] img', (imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        src: img.currentSrc || img.src,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
      })),
    )
    let interaction: string | null = null
    for (const selector of plan.tapSelectors) {
      const target = page.locator(selector).first()
      if (await target.isVisible().catch(() => false)) {
        await target.tap({ timeout: 10_000 })
        interaction = selector
        break
      }
    }
    await page.waitForTimeout(settleMs)
    const after = await read()
    return {
      lcpMs: loaded.lcp,
      lcpElement: loaded.lcpElement,
      cls: after.cls,
      inpMs: interaction ? (after.inp ?? 0) : null,
      interaction,
      thumbnails,
    }
  } finally {
    await context.close()
  }
}
