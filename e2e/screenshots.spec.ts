import { expect, test } from '@playwright/test'
import { firstListing, settle, useLanguage } from './helpers'

/**
 * Screenshots at 390×844 of the buyer pages in English and Arabic, into
 * test-results/screenshots/, for people to look at; Arabic pages must be right to left.
 */
const languages = [
  { tag: 'en', dir: 'ltr' },
  { tag: 'ar', dir: 'rtl' },
] as const

for (const { tag, dir } of languages) {
  test.describe(`screenshots in ${tag}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, tag)
    })

    test('home, classify, list, goods, search, shop home, cart, member, sheets', async ({ page }) => {
      const { listingId, shopId } = await firstListing(page)
      const pages = [
        { name: 'home', path: '#/pages/index', ready: page.getByTestId('product-card').first() },
        { name: 'classify', path: '#/pages/classify', ready: page.getByTestId('classify-leaf').first() },
        { name: 'list', path: '#/pages/product/list?sort=price_asc', ready: page.getByTestId('product-card').first() },
        { name: 'goods', path: `#/pages/product/goods?id=${listingId}`, ready: page.getByTestId('shop-card') },
        { name: 'search', path: '#/pages/search', ready: page.getByTestId('search-submit') },
        { name: 'shop-home', path: `#/pages/product/shop_home?id=${shopId}`, ready: page.getByTestId('shop-header') },
        { name: 'shops', path: '#/pages/product/listshop', ready: page.getByTestId('shop-card').first() },
        { name: 'cart', path: '#/pages/cart', ready: page.getByTestId('cart-empty') },
        { name: 'member', path: '#/pages/member/index', ready: page.getByTestId('language-item') },
      ]
      for (const shot of pages) {
        await page.goto(shot.path)
        await expect(shot.ready).toBeVisible()
        await expect(page.locator('html')).toHaveAttribute('dir', dir)
        await expect(page.locator('html')).toHaveAttribute('lang', tag)
        await settle(page)
        await page.screenshot({ path: `test-results/screenshots/${tag}-${shot.name}.png` })
      }

      // The sheets and a search result, as people see them after a tap.
      await page.goto(`#/pages/product/goods?id=${listingId}`)
      await page.getByTestId('buy-now').click()
      await expect(page.getByTestId('sheet-buy')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: `test-results/screenshots/${tag}-goods-spec.png` })

      await page.goto('#/pages/product/list?keywords=shirt')
      await expect(page.getByTestId('product-card').first()).toBeVisible()
      await page.getByTestId('price-filter').click()
      await expect(page.getByTestId('price-apply')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: `test-results/screenshots/${tag}-list-filter.png` })
    })
  })
}
