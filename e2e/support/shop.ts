import { expect, type Locator, type Page } from '@playwright/test'
import { expectShopToast } from './toast'

/** Steps in the shop's pages that several specs take. */

/** Opens the goods page, chooses the first available option of each group in the sheet, and adds to cart. */
export async function addToCart(page: Page, listingId: number): Promise<void> {
  await page.goto(`/pages/product/goods?id=${listingId}`)
  await page.getByTestId('add-to-cart').click()
  const sheet = page.locator('.adm-popup-body').filter({ has: page.getByTestId('sheet-add') })
  await expect(sheet).toBeVisible()
  for (const group of await sheet.locator('fieldset').all()) {
    await group.getByTestId('spec-chip').and(page.locator(':enabled')).first().click()
  }
  await sheet.getByTestId('sheet-add').click()
  await expectShopToast(page, 'Added to cart')
}

/** The cart's line of a listing. */
export function cartLine(page: Page, listingId: number): Locator {
  return page.locator(`[data-testid="cart-line"][data-listing="${listingId}"]`)
}

/** An order's card in an order list (buyer's or merchant's). */
export function orderCard(page: Page, orderId: number): Locator {
  return page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`)
}

/** Answers an antd-mobile confirm dialog with the button named `button`. */
export async function confirmDialog(page: Page, button: string | RegExp): Promise<void> {
  await page.locator('.adm-dialog').getByRole('button', { name: button }).click()
}

/** Taps digits on antd-mobile's number keyboard (the payment password) once it is up. */
export async function tapDigits(page: Page, digits: string): Promise<void> {
  const keyboard = page.locator('.adm-number-keyboard-popup .adm-popup-body').filter({ visible: true })
  await expect(keyboard).toBeVisible()
  for (const digit of digits) await keyboard.locator(`.adm-number-keyboard-key-number[title="${digit}"]`).click()
}

/** The page's text direction and language, as `<html dir lang>` carry them. */
export async function expectLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', dir)
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}
