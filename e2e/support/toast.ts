import { expect, type Locator, type Page } from '@playwright/test'

/** Short messages of the two apps: antd-mobile's Toast in the shop, antd's message in the console. */

/** The shop's toast text, for exact checks (`toHaveText`) or its absence (`toHaveCount(0)`). */
export function shopToast(page: Page): Locator {
  return page.locator('.adm-toast-main')
}

/** Waits until the shop shows a toast containing `text` (another toast may be fading out beside it). */
export async function expectShopToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(shopToast(page).filter({ hasText: text }).first()).toBeVisible()
}

/** Waits until the console shows a message containing `text`. */
export async function expectConsoleToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('.ant-message-notice').filter({ hasText: text }).first()).toBeVisible()
}
