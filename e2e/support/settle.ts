import type { BrowserContext, Page, Request } from '@playwright/test'

/**
 * When a page is done: no request of its own in flight, and in the page no DOM change for a
 * moment, no loading placeholder, nothing moving, the images in view drawn. Screenshots and
 * the accessibility scan wait for it.
 */

/** Requests in flight per page, counted from `watchActivity` on (the test fixture calls it for every page). */
const inFlight = new WeakMap<Page, Set<Request>>()

/** How long the DOM must stay unchanged to count as quiet: three frames, longer than any one step of a JS animation. */
const quietMs = 50

/** Loading placeholders of both apps: the shop's delayed skeletons, busy regions, antd spinners. */
const loadingSelector = '.bz-delayed, [aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active'

/** Short-lived notices of both apps (antd-mobile's Toast, antd's message), for checks that must not catch one on screen. */
export const noticeSelector = '.adm-toast-main, .ant-message-notice'

/** In the page, from its first script on: the time (`performance.now()`) of the last DOM change. */
function recordDomChanges(): void {
  const w = window as unknown as { e2eLastChangeMs?: number }
  w.e2eLastChangeMs = performance.now()
  new MutationObserver(() => {
    w.e2eLastChangeMs = performance.now()
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
}

/** Counts the page's requests in flight and has each of its documents record DOM changes. */
export async function watchActivity(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordDomChanges)
}

/** Starts counting a page's requests in flight; a second call changes nothing. */
export function trackNetwork(page: Page): void {
  if (inFlight.has(page)) return
  const open = new Set<Request>()
  inFlight.set(page, open)
  page.on('request', (request) => open.add(request))
  page.on('requestfinished', (request) => open.delete(request))
  page.on('requestfailed', (request) => open.delete(request))
}

/**
 * In the page (so it takes only its arguments): true when the DOM has not changed for
 * `quietMs` and nothing is loading, moving or undrawn in view, and no `shown` element is on
 * screen (antd-mobile keeps a closed toast's elements, hidden).
 */
function pageIsQuiet({ loading, shown, quietMs }: { loading: string; shown: string; quietMs: number }): boolean {
  const w = window as unknown as { e2eLastChangeMs?: number }
  if (w.e2eLastChangeMs === undefined) {
    // A document loaded before the init script was added: start recording now.
    w.e2eLastChangeMs = performance.now()
    new MutationObserver(() => {
      w.e2eLastChangeMs = performance.now()
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
    return false
  }
  if (performance.now() - w.e2eLastChangeMs < quietMs || document.readyState !== 'complete' || document.querySelector(loading)) return false
  if (shown && [...document.querySelectorAll(shown)].some((el) => el.checkVisibility())) return false
  // CSS transitions and finite animations (antd's fades); endless ones (shimmer) never end.
  const moving = document
    .getAnimations()
    .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
  if (moving) return false
  return [...document.images].every((img) => {
    const r = img.getBoundingClientRect()
    const inView = r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth && r.width > 0
    return !inView || (img.complete && img.naturalWidth > 0)
  })
}

/** One look, no waiting: is the page done right now? `busy`: elements that mean 'not done' while on screen. */
export async function isQuiet(page: Page, busy = ''): Promise<boolean> {
  if ((inFlight.get(page)?.size ?? 0) > 0) return false
  return page.evaluate(pageIsQuiet, { loading: loadingSelector, shown: busy, quietMs }).catch(() => false)
}

/**
 * Waits until the page is done (see above): its requests answered and, in the page, no DOM
 * change for 50 ms, no loading placeholder, running transition or undrawn image in view.
 * @param timeoutMs how long to wait before throwing
 * @param busy elements that mean 'not done' while on screen (a CSS selector)
 * @throws Error when the page keeps changing for `timeoutMs`
 */
export async function settle(page: Page, { timeoutMs = 10_000, busy = '' }: { timeoutMs?: number; busy?: string } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const left = () => Math.max(1, deadline - Date.now())
  for (;;) {
    await page.waitForLoadState('load', { timeout: left() })
    await page.waitForFunction(pageIsQuiet, { loading: loadingSelector, shown: busy, quietMs }, { polling: 'raf', timeout: left() })
    // A request that began during the wait: its answer will change the page, so look again.
    const open = inFlight.get(page) ?? new Set()
    if (open.size === 0) return
    if (Date.now() > deadline) throw new Error(`the page kept loading for ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`)
    await waitForRequests(page, deadline)
  }
}

/** Resolves once the page has no request in flight, or at `deadline`. */
function waitForRequests(page: Page, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if ((inFlight.get(page)?.size ?? 0) > 0 && Date.now() < deadline) return
      page.off('requestfinished', check)
      page.off('requestfailed', check)
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(check, Math.max(0, deadline - Date.now()))
    page.on('requestfinished', check)
    page.on('requestfailed', check)
    check()
  })
}
