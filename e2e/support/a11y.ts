import { createHash } from 'node:crypto'
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, unlinkSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page, TestInfo } from '@playwright/test'
import { type A11yRecord, type A11yViolation, a11yTags, routeOf } from './a11y-rules'
import { e2eRunDir } from './env'
import { isQuiet, noticeSelector, settle, trackNetwork, watchActivity } from './settle'

/**
 * The accessibility scan behind every test (a11y-rules.ts says what fails). A page is scanned
 * once per run and language, whichever worker gets there first, at the first of these moments
 * when it is done loading (settle.ts):
 * - before an action or a web-first assertion of the test on it, if it is quiet and shows no
 *   toast (a Playwright locator handler, so specs need no calls);
 * - before the test leaves it with `page.goto` or `page.reload`;
 * - when the test ends, as the test left it;
 * the last two once no toast is on screen either, or after 5 s as the page is then.
 * The scan runs in the test's own flow, so the page cannot move under it. Records go to one
 * file per worker; global teardown merges them (a11y-report.ts).
 */

export const a11yDir = path.join(e2eRunDir, 'a11y')
const claimsDir = path.join(a11yDir, 'claims')

/** How long a scan before leaving (or at the end) waits for the page to settle before scanning it as it is. */
const leaveSettleMs = 5_000

/**
 * How long the first action on a new URL waits for the page to be quiet; later actions only
 * look. Short beside a toast's life (2 s in the shop, 3 s in the console), which a test may
 * be about to check.
 */
const firstActionSettleMs = 1_000

function claimFile(key: string): string {
  return path.join(claimsDir, createHash('sha1').update(key).digest('hex').slice(0, 20))
}

/** Claims `key` for this scan across the run's workers (an exclusive file); false when taken. */
function claim(key: string): boolean {
  try {
    closeSync(openSync(claimFile(key), 'wx'))
    return true
  } catch {
    return false
  }
}

/** Errors of a page that navigated or closed under the scan: nothing to record, scan it another time. */
const goneError = /Execution context was destroyed|Target page, context or browser has been closed|frame was detached/

/** The longest a scan waits for the page's colour transitions and finite animations to end. */
const transitionsMaxMs = 2_000

/**
 * Waits until the page's CSS transitions and finite animations have ended (a link's colour
 * easing in over 0.3 s after the console's styles arrive, a button's hover fading out): axe
 * reads colours as they are drawn, and mid-transition they are neither the old nor the new
 * one (a false colour-contrast failure, seen on the console's home in CI). Endless ones (the
 * skeletons' shimmer) are not waited for.
 */
async function finishTransitions(page: Page): Promise<void> {
  await page
    .evaluate(async (maxMs) => {
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
      await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, maxMs))])
    }, transitionsMaxMs)
    .catch(() => undefined)
}

/** The scans of one test's browser context. */
export class A11yScanner {
  private readonly records: A11yRecord[] = []
  private readonly partFile: string
  private readonly scanning = new WeakSet<Page>()
  private readonly scannedUrl = new WeakMap<Page, string>()
  private readonly triedUrl = new WeakMap<Page, string>()

  constructor(
    private readonly context: BrowserContext,
    private readonly testInfo: TestInfo,
  ) {
    mkdirSync(claimsDir, { recursive: true })
    this.partFile = path.join(a11yDir, `worker-${testInfo.workerIndex}-${process.pid}.jsonl`)
  }

  /** Watches the context's pages, now and later. */
  async start(): Promise<void> {
    await watchActivity(this.context)
    this.context.on('page', (page) => void this.watch(page))
    await Promise.all(this.context.pages().map((page) => this.watch(page)))
  }

  private async watch(page: Page): Promise<void> {
    trackNetwork(page)
    // Leaving with goto or reload: scan the page first (a navigation by click cannot be held).
    for (const method of ['goto', 'reload'] as const) {
      const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page[typeof method]>
      page[method] = (async (...args: unknown[]) => {
        await this.scan(page, 'leaving')
        return original(...args)
      }) as Page[typeof method]
    }
    // `body` is always visible, so Playwright calls this before every action and web-first assertion.
    await page.addLocatorHandler(page.locator('body'), () => this.scan(page, 'acting'), { noWaitAfter: true })
  }

  /**
   * Scans the page's current route in its current language unless this run has. Before the
   * test acts, only a page that is quiet and shows no toast (within 1 s at the first action on
   * a URL, at once after); before it leaves (or at its end), once the page settles, or as it is
   * after 5 s.
   */
  private async scan(page: Page, moment: 'acting' | 'leaving'): Promise<void> {
    const url = page.url()
    const route = routeOf(url)
    if (!route || page.isClosed() || this.scanning.has(page)) return
    // Before actions, a URL found scanned stays so until the page navigates (a language
    // switch in place is caught at the reload that follows it).
    if (moment === 'acting' && this.scannedUrl.get(page) === url) return
    const lang = async () => (await page.evaluate(() => document.documentElement.lang).catch(() => '')) || 'none'
    if (existsSync(claimFile(`${route} ${await lang()}`))) {
      this.scannedUrl.set(page, url)
      return
    }
    this.scanning.add(page)
    try {
      let settled = true
      if (moment === 'acting') {
        const first = this.triedUrl.get(page) !== url
        this.triedUrl.set(page, url)
        const quiet = first
          ? await settle(page, { timeoutMs: firstActionSettleMs, busy: noticeSelector }).then(
              () => true,
              () => false,
            )
          : await isQuiet(page, noticeSelector)
        if (!quiet) return
      } else {
        // A toast fading in or out is drawn at part opacity, and react-spring's frames can be
        // further apart than settle's quiet window on a busy machine: axe then measures its
        // text against the page behind it (a false colour-contrast failure). Wait for it to go.
        settled = await settle(page, { timeoutMs: leaveSettleMs, busy: noticeSelector }).then(
          () => true,
          () => false,
        )
      }
      const language = await lang()
      if (page.isClosed() || routeOf(page.url()) !== route) return
      if (claim(`${route} ${language}`)) await this.analyze(page, route, language, settled)
      this.scannedUrl.set(page, page.url())
    } finally {
      this.scanning.delete(page)
    }
  }

  private async analyze(page: Page, route: string, lang: string, settled: boolean): Promise<void> {
    const viewport = page.viewportSize()
    const record: A11yRecord = {
      page: route,
      lang,
      url: page.url(),
      viewport: viewport ? `${viewport.width}x${viewport.height}` : 'unknown',
      test: `${path.basename(this.testInfo.file)} › ${this.testInfo.titlePath.slice(1).join(' › ')}`,
      settled,
      violations: [],
    }
    try {
      await finishTransitions(page)
      // Legacy mode: axe.run in the page itself. Our pages have no frames, and the default
      // mode opens a blank page in the test's context to finish the run.
      const results = await new AxeBuilder({ page }).withTags(a11yTags).setLegacyMode().analyze()
      record.violations = results.violations.map(
        (v): A11yViolation => ({
          rule: v.id,
          impact: v.impact ?? 'unknown',
          nodes: v.nodes.length,
          target: v.nodes[0]?.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' | ') ?? '',
          help: v.help,
          summary: v.nodes[0]?.failureSummary,
        }),
      )
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (page.isClosed() || goneError.test(message)) return unlinkSync(claimFile(`${route} ${lang}`))
      record.error = message
    }
    this.records.push(record)
    appendFileSync(this.partFile, `${JSON.stringify(record)}\n`)
  }

  /**
   * Scans the pages still open as the test left them.
   * @param scanOpenPages false after a failed test (its pages may be half done)
   * @returns every record of this test
   */
  async finish(scanOpenPages: boolean): Promise<A11yRecord[]> {
    if (scanOpenPages) {
      for (const page of this.context.pages()) await this.scan(page, 'leaving')
    }
    return this.records
  }
}
