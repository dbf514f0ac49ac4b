import { expect, type Page } from '@playwright/test'
import { operator } from './fixtures'

/** Steps the console's e2e specs share. */

const shots = 'test-results/screenshots'

export async function logIn(page: Page) {
  await page.goto('admin/')
  await expect(page).toHaveURL(/#\/login$/)
  await page.getByTestId('login-email').fill(operator.email)
  await page.getByTestId('login-password').fill(operator.password)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('operator-email')).toHaveText(operator.email)
}

export function toast(page: Page, text: string | RegExp) {
  return expect(page.locator('.ant-message-notice').filter({ hasText: text }).first()).toBeVisible()
}

export async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0)
  // A finished spinner fades its table back in over 0.3 s.
  await page.waitForTimeout(400)
  // No hover tooltip in the picture.
  const size = page.viewportSize()
  if (size) await page.mouse.move(size.width - 1, size.height - 1)
  await page.screenshot({ path: `${shots}/admin-${name}.png` })
}
