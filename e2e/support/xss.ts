import type { Page } from '@playwright/test'

/**
 * XSS payloads and the traps that catch a script that runs (issue 16): the specs write the
 * payloads into text other people see and open the pages in Chromium.
 */

/** What the payloads would do if they ran: set a global flag. */
const flag = 'window.__xss=1'

/** Short enough for a nickname or a shop name (24 characters at most). */
export const shortPayloads = [
  '<svg onload=alert(1)>',
  '<img src=x onerror=1>',
  '"><b onclick=1>',
  '<script>alert(1)',
  "';alert(1)//",
  '{{7*7}}<%= 7*7 %>',
]
export const longPayloads = [
  `<script>${flag}</script>`,
  `<img src=x onerror="${flag}">`,
  `<svg/onload="${flag}">`,
  `<iframe srcdoc="<script>parent.${flag.slice(7)}</script>">`,
  `"><script>${flag}</script>`,
  `'><img src=x onerror=${flag}>`,
  `<a href="javascript:${flag}">click</a>`,
  `<body onload="${flag}">`,
  `<details open ontoggle="${flag}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${flag}">`,
  `<input autofocus onfocus="${flag}">`,
  `<video><source onerror="${flag}"></video>`,
  `<object data="javascript:${flag}">`,
  `<div style="background:url(javascript:${flag})">`,
  `javascript:${flag}`,
  `<scr<script>ipt>${flag}</scr</script>ipt>`,
  `<svg><animate onbegin="${flag}" attributeName=x dur=1s>`,
  `<marquee onstart="${flag}">`,
  `\u003cimg src=x onerror=${flag}\u003e`,
  `<img src="x" onerror="&#119;indow.__xss=1">`,
  `<form><button formaction="javascript:${flag}">x</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${flag}">`,
  `<style>@import 'javascript:${flag}';</style>`,
  `<x onpointerover="${flag}" style="display:block;width:100vw;height:100vh">hover</x>`,
]
export const payloads = [...shortPayloads, ...longPayloads]

/**
 * The long payloads from `from` on (wrapping round), joined by `separator` while the text
 * stays within `maxLength` characters: as many payloads as a field of that length holds.
 */
export function packPayloads(from: number, maxLength: number, separator = ' '): { text: string; used: string[] } {
  const used: string[] = []
  let text = ''
  for (let n = 0; n < longPayloads.length; n++) {
    const next = longPayloads[(from + n) % longPayloads.length]!
    const candidate = text === '' ? next : `${text}${separator}${next}`
    if (candidate.length > maxLength) break
    text = candidate
    used.push(next)
  }
  return { text, used }
}

/** Sets the traps before the page loads: a dialog (alert) is recorded in `ran` and dismissed; the flag starts at 0. */
export async function trap(page: Page, ran: string[]): Promise<void> {
  await page.addInitScript(() => {
    ;(window as unknown as { __xss?: number }).__xss = 0
  })
  page.on('dialog', async (dialog) => {
    ran.push(`dialog: ${dialog.message()}`)
    await dialog.dismiss()
  })
}

/** The flag the payloads would set: 0 while no script of theirs ran. */
export async function flagOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0)
}

/** Elements only a payload parsed as HTML would make: event-handler attributes, script URLs, srcdoc frames. */
const injectedSelector = [
  '[onerror]',
  '[onload]',
  '[onclick]',
  '[onfocus]',
  '[ontoggle]',
  '[onbegin]',
  '[onstart]',
  '[onpointerover]',
  'iframe[srcdoc]',
  '[formaction^="javascript"]',
  'a[href^="javascript"]',
  'object[data^="javascript"]',
  'meta[http-equiv="refresh"]',
].join(',')

/**
 * Moves the pointer over the page and waits a moment, so hover and focus payloads get their
 * chance; then records in `ran` any element a payload made, which the Content-Security-Policy
 * would keep from running but which means the text was parsed as HTML.
 */
export async function provoke(page: Page, ran: string[]): Promise<void> {
  await page.mouse.move(200, 400)
  await page.mouse.move(220, 300)
  await page.waitForTimeout(500)
  const made = await page.locator(injectedSelector).evaluateAll((elements) => elements.map((e) => e.outerHTML.slice(0, 80)))
  ran.push(...made.map((html) => `markup on ${page.url()}: ${html}`))
}
