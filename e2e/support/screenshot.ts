import type { Page } from '@playwright/test'
import { screenshotDir } from './env'
import { settle } from './settle'

/** Screenshots for people to look at (never compared), taken once the page is done. */

/** Saves `test-results/screenshots/<name>.png` of the viewport once the page has settled. */
export async function shot(page: Page, name: string): Promise<void> {
  await settle(page)
  await page.screenshot({ path: `${screenshotDir}/${name}.png` })
}

/** A console screenshot, `admin-<name>.png`, with the mouse out of the way (no hover tooltip in the picture). */
export async function consoleShot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()
  if (size) await page.mouse.move(size.width - 1, size.height - 1)
  await shot(page, `admin-${name}`)
}
